import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CleanerLink, CleanerLinkBody } from '../../actors/api.ts'
import { cleanerLinkApi } from '../../actors/cleanerLinkApi.ts'
import { SENT_EVEN_OFFLINE } from '../properties/editorQueries.ts'

const CLEANER_LINKS_KEY = ['turnovers', 'links'] as const

/** The host's cleaner's links, oldest first, as the server lists them. */
export const useCleanerLinks = () => useQuery({ queryKey: CLEANER_LINKS_KEY, queryFn: cleanerLinkApi.links })

/**
 * Making, rotating and revoking a link, each followed by the list as the server now has it; a
 * rotated link takes its new addresses in place at once.
 */
export function useCleanerLinkChanges() {
  const queryClient = useQueryClient()
  const reload = () => queryClient.invalidateQueries({ queryKey: CLEANER_LINKS_KEY })
  const replace = (link: CleanerLink) =>
    queryClient.setQueryData<CleanerLink[]>(CLEANER_LINKS_KEY, (links) =>
      links?.map((each) => (each.id === link.id ? link : each)),
    )
  const create = useMutation({
    ...SENT_EVEN_OFFLINE,
    mutationFn: (body: CleanerLinkBody) => cleanerLinkApi.createLink(body),
  })
  const rotate = useMutation({
    ...SENT_EVEN_OFFLINE,
    mutationFn: (id: string) => cleanerLinkApi.rotateLink(id),
    onSuccess: replace,
  })
  const revoke = useMutation({
    ...SENT_EVEN_OFFLINE,
    mutationFn: (id: string) => cleanerLinkApi.removeLink(id),
    onSuccess: reload,
  })
  return { create, rotate, revoke, reload }
}
