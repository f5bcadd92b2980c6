/** The part of http_ece (RFC 8188, web-push's own dependency) the test push service uses. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto'
  type DecryptParams = { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }
  const ece: { decrypt(buffer: Buffer, params: DecryptParams): Buffer }
  export default ece
}
