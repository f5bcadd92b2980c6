import type { Profile } from '../../server/user/schemas.ts'
import { request } from './http.ts'

export type { Profile }

/** Every API call of the app, by area; each returns the response data or throws ApiError. */
export const api = {
  auth: {
    login: (body: { email: string; password: string; tfaCode?: number }) =>
      request<{ user: Profile }>('post', '/auth/login', body),
    sendLoginCode: (body: { email: string; password: string }) =>
      request<{ message: string }>('post', '/auth/tfa/send-code', body),
    logout: () => request<{ message: string }>('post', '/auth/logout'),
  },
  user: {
    profile: () => request<Profile>('get', '/user/profile'),
  },
}
