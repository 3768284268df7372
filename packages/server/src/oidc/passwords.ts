
// OWASP's argon2id baseline (19 MiB, 2 passes): slow for attackers, still fast enough for a sign-in form.
// 2 is Algorithm.Argon2id; the const enum cannot be imported under verbatimModuleSyntax.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

// The native argon2 module loads with the first password checked or set, not at start (issue 38).
const argon2 = () => import('@node-rs/argon2')

/** Hashes a password with argon2id; the result carries its own salt and parameters. */
export async function hashPassword(plain: string): Promise<string> {
  return (await argon2()).hash(plain, OPTIONS)
}

/** True when `plain` matches the argon2id `hash`; false for a wrong password or a malformed hash. */
export async function verifyPassword(passwordHash: string | null | undefined, plain: string): Promise<boolean> {
  if (!passwordHash) return false
  const { verify } = await argon2()
  try {
    return await verify(passwordHash, plain)
  } catch {
    return false
  }
}
