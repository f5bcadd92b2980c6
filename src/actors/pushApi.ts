import type { PushSubscriptionBody } from '../../contract/push.ts'
import { apiPaths } from '../../contract/paths.ts'
import { request } from './http.ts'

const { push } = apiPaths

/**
 * This browser's alerts and the account's devices (docs/product.md §7.12), apart from `api`
 * (src/actors/api.ts): only the settings' alerts and signing out call them, both loaded later, so
 * the first screens never carry them.
 */
export const pushApi = {
  key: () => request(push.key),
  subscribe: (subscription: PushSubscriptionBody) => request(push.subscribe, { body: subscription }),
  devices: () => request(push.devices),
  unsubscribe: (id: string) => request(push.unsubscribe, { params: { id } }),
  test: () => request(push.test),
}
