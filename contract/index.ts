import { endpoints } from './endpoint.ts'
import type { Route } from './paths.ts'
import { paths } from './paths.ts'
import {
  CredentialsBody,
  EmailBody,
  LoginBody,
  MessageResponse,
  NewPasswordBody,
  RegisterBody,
  ResetParams,
} from './auth.ts'
import {
  CancelEmailChangeBody,
  CodeBody,
  NotificationsBody,
  NotificationsResponse,
  OwnProfileUpdateBody,
  Profile,
  ProfileUpdateResponse,
  TwofactorResponse,
  UserResponse,
} from './user.ts'

/**
 * The API, one area a server slice: every endpoint's route and the zod schemas of what it takes
 * and answers. The server validates and serialises with these; the browser takes its types from
 * them (`import type`) and its URLs from `paths.ts`.
 */
export const contract = {
  auth: endpoints(paths.auth, {
    sendRegistrationCode: { body: EmailBody, response: { 200: MessageResponse } },
    register: { body: RegisterBody, response: { 200: UserResponse } },
    login: { body: LoginBody, response: { 200: UserResponse } },
    sendLoginCode: { body: CredentialsBody, response: { 200: MessageResponse } },
    logout: { response: { 200: MessageResponse } },
    sendResetLink: { body: EmailBody, response: { 200: MessageResponse } },
    cancelEmailChange: { body: CancelEmailChangeBody, response: { 200: MessageResponse } },
    changePassword: { params: ResetParams, body: NewPasswordBody, response: { 200: MessageResponse } },
  }),
  user: endpoints(paths.user, {
    profile: { response: { 200: Profile } },
    updateProfile: { body: OwnProfileUpdateBody, response: { 200: ProfileUpdateResponse } },
    deleteAccount: { response: { 200: MessageResponse } },
    confirmEmail: { body: CodeBody, response: { 200: Profile } },
    sendTwofactorCode: { response: { 200: MessageResponse } },
    toggleTwofactor: { body: CodeBody, response: { 200: TwofactorResponse } },
    setNotifications: { body: NotificationsBody, response: { 200: NotificationsResponse } },
  }),
}

type Contract = typeof contract
/** Every endpoint of the API. */
export type AnyEndpoint = { [Area in keyof Contract]: Contract[Area][keyof Contract[Area]] }[keyof Contract]
/** The endpoint at a route of `paths`. */
export type EndpointAt<R extends Route> = Extract<AnyEndpoint, { method: R['method']; url: R['url'] }>

export type { BodyOf, QueryOf, ResponseOf } from './endpoint.ts'
