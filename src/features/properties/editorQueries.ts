import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api, type InternalCalendar, type Property } from '../../actors/api.ts'
import type { PlatformFeed } from '../../../contract/property.ts'
import { fieldsFrom, withChanges } from '../../domain/property.ts'
import type { NewProperty } from '../../machines/property/addProperty.ts'
import type { PropertyChanges } from '../../machines/property/propertyModal.ts'
import type { PlatformChoices } from '../../ui/property/PlatformLinks.tsx'
import { changeCachedLists } from '../../frame/paging.ts'
import { PROPERTIES_KEY } from '../properties/propertyList.ts'
import { EXPOSURE_KEY } from '../imports/exposure.ts'

export const PLATFORMS_KEY = ['property', 'platforms'] as const
export const internalCalendarKey = (propertyId: string) =>
  ['property', propertyId, 'calendar', 'internal'] as const
// The dashboard's figures count properties and platform links, so they go stale with the list.
const DASHBOARD_KEY = ['dashboard'] as const

/**
 * A change a form's flow waits for is sent even offline, not held back by react-query until the
 * network returns (a Save that only spins): it fails at once, and the flow shows the offline
 * message over the form, which keeps its input (docs/decisions.md, "A network drop loses nothing").
 */
export const SENT_EVEN_OFFLINE = { networkMode: 'always' } as const

/** The platforms a host can link; the list is fixed for a server's life. */
export const usePlatforms = () =>
  useQuery({ queryKey: PLATFORMS_KEY, queryFn: api.property.platforms, staleTime: Infinity, retry: 1 })

/** The platform list as the selector shows it: "Loading...", the failure, or the names. */
export function usePlatformChoices(): PlatformChoices {
  const platforms = usePlatforms()
  if (platforms.isPending) return { status: 'loading' }
  if (platforms.isError) return { status: 'failed' }
  return { status: 'ready', names: platforms.data.map((platform) => platform.name) }
}

export const useInternalCalendar = (propertyId: string, enabled: boolean) =>
  useQuery({
    queryKey: internalCalendarKey(propertyId),
    queryFn: () => api.property.internalCalendar(propertyId),
    enabled,
    staleTime: Infinity,
  })

/** Replaces the export link: the modal shows the new one at once. */
export function useRotateInternalCalendar(propertyId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    ...SENT_EVEN_OFFLINE,
    mutationFn: () => api.property.rotateInternalCalendar(propertyId),
    onSuccess: (link) => queryClient.setQueryData(internalCalendarKey(propertyId), link),
  })
}

/** One platform's feed as the server answered it, in place of the cached one. */
const replacePlatformFeed = (queryClient: QueryClient, propertyId: string, feed: PlatformFeed) =>
  queryClient.setQueryData<InternalCalendar>(
    internalCalendarKey(propertyId),
    (links) =>
      links && {
        ...links,
        platforms: links.platforms.map((old) => (old.platformName === feed.platformName ? feed : old)),
      },
  )

/** Replaces one platform's availability link: the modal shows the new one at once. */
export function useRotatePlatformFeed(propertyId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    ...SENT_EVEN_OFFLINE,
    mutationFn: (platformName: string) => api.property.rotatePlatformFeed(propertyId, platformName),
    onSuccess: (feed) => replacePlatformFeed(queryClient, propertyId, feed),
  })
}

/**
 * "I closed them" on one platform: its link shows the nights as closed by the host at once, and the
 * dashboard's nights at risk are read again.
 */
export function useAcknowledgeAtRisk(propertyId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    ...SENT_EVEN_OFFLINE,
    mutationFn: (platformName: string) => api.property.acknowledgeAtRisk(propertyId, platformName),
    onSuccess: (feed) => {
      replacePlatformFeed(queryClient, propertyId, feed)
      return queryClient.invalidateQueries({ queryKey: EXPOSURE_KEY })
    },
  })
}

const reloadAfterChange = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: PROPERTIES_KEY }),
    queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }),
  ])

/**
 * Shows `change` at once, in the whole list and in every page of the grid, and returns how to
 * undo it if the server refuses.
 */
async function changeListOptimistically(
  queryClient: QueryClient,
  change: (list: Property[]) => Property[],
): Promise<{ undo: () => void }> {
  await queryClient.cancelQueries({ queryKey: PROPERTIES_KEY })
  return { undo: changeCachedLists(queryClient, PROPERTIES_KEY, change) }
}

const rollBack = (context: { undo: () => void } | undefined) => context?.undo()

export function useCreateProperty() {
  const queryClient = useQueryClient()
  return useMutation({
    ...SENT_EVEN_OFFLINE,
    mutationFn: ({ draft, photos }: NewProperty) => api.property.create(fieldsFrom(draft), photos),
    onSettled: () => reloadAfterChange(queryClient),
  })
}

/**
 * Saving: the photos the host removed go first (one DELETE each), then the form as one PATCH, so
 * closing the modal without saving never loses a photo. Updating replaces the item.
 */
export function useUpdateProperty() {
  const queryClient = useQueryClient()
  return useMutation({
    ...SENT_EVEN_OFFLINE,
    mutationFn: async ({ property, changes }: { property: Property; changes: PropertyChanges }) => {
      for (const imageId of changes.removedImageIds) await api.property.removeImage(property.id, imageId)
      return api.property.update(property.id, fieldsFrom(changes.draft, property), changes.newPhotos)
    },
    onMutate: ({ property, changes }) =>
      changeListOptimistically(queryClient, (list) =>
        list.map((item) =>
          item.id === property.id
            ? withChanges(item, fieldsFrom(changes.draft, property), changes.removedImageIds)
            : item,
        ),
      ),
    onError: (_error, _input, context) => rollBack(context),
    onSettled: () => reloadAfterChange(queryClient),
  })
}

/** Deleting removes the item at once; a refusal puts it back (docs/product.md §4.6). */
export function useDeleteProperty() {
  const queryClient = useQueryClient()
  return useMutation({
    ...SENT_EVEN_OFFLINE,
    mutationFn: (propertyId: string) => api.property.remove(propertyId),
    onMutate: (propertyId) =>
      changeListOptimistically(queryClient, (list) => list.filter((item) => item.id !== propertyId)),
    onError: (_error, _propertyId, context) => rollBack(context),
    onSettled: () => reloadAfterChange(queryClient),
  })
}
