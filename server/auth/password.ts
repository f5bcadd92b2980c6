import { hash, verify } from '@node-rs/argon2'
import { isStrongPassword } from '../../src/domain/password.ts'
import { fieldError } from '../errors.ts'

// Algorithm.Argon2id; the enum is ambient const, which isolated modules cannot read.
const ARGON2ID = 2

// OWASP's argon2id baseline (19 MiB, 2 passes): strong, and about 30 ms on this class of machine.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 }

export const hashPassword = (password: string) => hash(password, OPTIONS)

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/** The password rule and its message (docs/product.md §5.1), for every client that sets a password. */
export function assertStrongPassword(password: string): void {
  if (!isStrongPassword(password)) throw fieldError('password', 'errors.auth.weakPassword')
}
