import { EmptyState } from './EmptyState.tsx'
import { PageHeader } from './PageHeader.tsx'

/** A screen whose content a later part of the product fills: its title and an empty state. */
export function PlaceholderPage({ title, emptyText }: { title: string; emptyText: string }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState text={emptyText} />
    </>
  )
}
