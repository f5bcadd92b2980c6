import { apiPaths } from '../../contract/paths.ts'
import type { PlatformLink } from '../domain/platformSelection.ts'
import type { PropertyFields } from '../domain/property.ts'
import { asPage, propertyForm, type PageParams, type ProfileChanges } from './api.ts'
import { NO_FALLBACK, request } from './http.ts'

const { admin, imports } = apiPaths

/**
 * An admin's calls (docs/product.md §6), apart from `api` (src/actors/api.ts): only the admin's
 * screens and the integration page's measured intervals call them, so a host's first screens never
 * carry them.
 */
export const adminApi = {
  usersPage: (params: PageParams) => request(admin.users, { query: params }).then(asPage),
  user: (userId: string) => request(admin.user, { params: { userId } }),
  updateUser: (userId: string, changes: ProfileChanges) =>
    request(admin.updateUser, { params: { userId }, body: changes }),
  toggleNotifications: (userId: string, enabled: boolean) =>
    request(admin.toggleNotifications, { params: { userId }, body: { enabled } }),
  deactivateUser: (userId: string, reason: string) =>
    request(admin.deactivateUser, { params: { userId }, body: { reason } }),
  reactivateUser: (userId: string, reason: string) =>
    request(admin.reactivateUser, { params: { userId }, body: { reason } }),
  deleteUser: (userId: string, reason: string) =>
    request(admin.deleteUser, { params: { userId }, body: { reason } }),
  logs: (params: { kind?: string; page: number; pageSize: number }) => request(admin.logs, { query: params }),
  userPropertiesPage: (userId: string, params: PageParams) =>
    request(admin.userProperties, { params: { userId }, query: params }).then(asPage),
  createUserProperty: (userId: string, fields: PropertyFields, images: File[]) =>
    request(
      admin.createUserProperty,
      { params: { userId }, body: propertyForm(fields, images, 'create') },
      NO_FALLBACK,
    ),
  updateProperty: (id: string, fields: PropertyFields, images: File[]) =>
    request(
      admin.updateProperty,
      { params: { propertyId: id }, body: propertyForm(fields, images, 'update') },
      NO_FALLBACK,
    ),
  deleteProperty: (id: string) => request(admin.deleteProperty, { params: { propertyId: id } }, NO_FALLBACK),
  propertyImages: (id: string) => request(admin.propertyImages, { params: { propertyId: id } }),
  removeImage: (id: string, imageId: string) =>
    request(admin.removeImage, { params: { propertyId: id, imageId } }, NO_FALLBACK),
  externalCalendars: (id: string) => request(admin.externalCalendars, { params: { propertyId: id } }),
  addExternalCalendar: (id: string, link: PlatformLink) =>
    request(admin.addExternalCalendar, { params: { propertyId: id }, body: link }),
  internalCalendar: (id: string) => request(admin.internalCalendar, { params: { propertyId: id } }),
  /** Each platform's import interval measured across every account. */
  platformCadence: () => request(imports.platforms),
}
