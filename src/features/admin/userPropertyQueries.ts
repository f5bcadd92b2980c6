import { adminApi } from '../../actors/adminApi.ts'
import { useEffect } from 'react'
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { Property, PropertyImage } from '../../actors/api.ts'
import { fieldsFrom } from '../../domain/property.ts'
import type { NewProperty } from '../../machines/property/addProperty.ts'
import type { PropertyChanges } from '../../machines/property/propertyModal.ts'
import { changeCachedLists, usePage } from '../../frame/paging.ts'
import { PROPERTY_PAGE_SIZE } from '../properties/propertyList.ts'
import { SENT_EVEN_OFFLINE } from '../properties/editorQueries.ts'

/** One user's properties as an admin sees them (docs/product.md §7.9), a page at a time. */
export const userPropertiesKey = (userId: string) => ['admin', 'user', userId, 'properties'] as const

/** A page of the user's properties whose name or city holds `search`, as the owner's grid pages. */
export const useUserProperties = (userId: string, search: string) =>
  usePage({
    key: [...userPropertiesKey(userId), search],
    pageSize: PROPERTY_PAGE_SIZE,
    fetch: (paging) => adminApi.userPropertiesPage(userId, { ...paging, search }),
  })

const changeList = (queryClient: QueryClient, userId: string, change: (list: Property[]) => Property[]) =>
  changeCachedLists(queryClient, userPropertiesKey(userId), change)

/**
 * Creating a property appends it to that user's list (docs/product.md §4.7); the grid shows the
 * newest first, so its pages are asked for again to put it in its place.
 */
export function useCreateUserProperty(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    ...SENT_EVEN_OFFLINE,
    mutationFn: ({ draft, photos }: NewProperty) =>
      adminApi.createUserProperty(userId, fieldsFrom(draft), photos),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userPropertiesKey(userId) }),
  })
}

/** Updating a property replaces it; removed photos go first, as for an owner. */
export function useUpdateUserProperty(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    ...SENT_EVEN_OFFLINE,
    mutationFn: async ({ property, changes }: { property: Property; changes: PropertyChanges }) => {
      for (const imageId of changes.removedImageIds) await adminApi.removeImage(property.id, imageId)
      return adminApi.updateProperty(property.id, fieldsFrom(changes.draft, property), changes.newPhotos)
    },
    onSuccess: (updated) =>
      changeList(queryClient, userId, (list) =>
        list.map((item) => (item.id === updated.id ? updated : item)),
      ),
  })
}

/** Deleting removes the property from the list. */
export function useDeleteUserProperty(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    ...SENT_EVEN_OFFLINE,
    mutationFn: (propertyId: string) => adminApi.deleteProperty(propertyId),
    onSuccess: (_, propertyId) => {
      changeList(queryClient, userId, (list) => list.filter((item) => item.id !== propertyId))
      // The page shown fills up again from the next.
      return queryClient.invalidateQueries({ queryKey: userPropertiesKey(userId) })
    },
  })
}

/** Images load per property and replace that property's earlier images. */
export function useUserPropertyImages(userId: string, propertyId: string) {
  const queryClient = useQueryClient()
  const images = useQuery({
    queryKey: ['admin', 'property', propertyId, 'images'],
    queryFn: () => adminApi.propertyImages(propertyId),
  })
  const loaded: PropertyImage[] | undefined = images.data
  useEffect(() => {
    if (!loaded) return
    changeList(queryClient, userId, (list) =>
      list.map((item) => (item.id === propertyId ? { ...item, images: loaded } : item)),
    )
  }, [loaded, queryClient, userId, propertyId])
}

export const useUserPropertyInternalCalendar = (propertyId: string) =>
  useQuery({
    queryKey: ['admin', 'property', propertyId, 'calendar', 'internal'],
    queryFn: () => adminApi.internalCalendar(propertyId),
    staleTime: Infinity,
  })
