import { useEffect } from 'react'
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api, type Property, type PropertyImage } from '../../actors/api.ts'
import { fieldsFrom } from '../../domain/property.ts'
import type { NewProperty } from '../../machines/addProperty.ts'
import type { PropertyChanges } from '../../machines/propertyModal.ts'

/** One user's properties as an admin sees them (docs/product.md §7.9). */
export const userPropertiesKey = (userId: string) => ['admin', 'user', userId, 'properties'] as const

export const useUserProperties = (userId: string) =>
  useQuery({ queryKey: userPropertiesKey(userId), queryFn: () => api.admin.userProperties(userId) })

const changeList = (queryClient: QueryClient, userId: string, change: (list: Property[]) => Property[]) =>
  queryClient.setQueryData<Property[]>(userPropertiesKey(userId), (list) => list && change(list))

/** Creating a property appends it to that user's list (docs/product.md §4.7). */
export function useCreateUserProperty(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ draft, photos }: NewProperty) =>
      api.admin.createUserProperty(userId, fieldsFrom(draft), photos),
    onSuccess: (created) => changeList(queryClient, userId, (list) => [...list, created]),
  })
}

/** Updating a property replaces it; removed photos go first, as for an owner. */
export function useUpdateUserProperty(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ property, changes }: { property: Property; changes: PropertyChanges }) => {
      for (const imageId of changes.removedImageIds) await api.admin.removeImage(property.id, imageId)
      return api.admin.updateProperty(property.id, fieldsFrom(changes.draft, property), changes.newPhotos)
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
    mutationFn: (propertyId: string) => api.admin.deleteProperty(propertyId),
    onSuccess: (_, propertyId) =>
      changeList(queryClient, userId, (list) => list.filter((item) => item.id !== propertyId)),
  })
}

/** Images load per property and replace that property's earlier images. */
export function useUserPropertyImages(userId: string, propertyId: string) {
  const queryClient = useQueryClient()
  const images = useQuery({
    queryKey: ['admin', 'property', propertyId, 'images'],
    queryFn: () => api.admin.propertyImages(propertyId),
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
    queryFn: () => api.admin.internalCalendar(propertyId),
    staleTime: Infinity,
  })
