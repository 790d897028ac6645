/**
 * Password confirmation for deleting a two-step profile: password/validate answers a short-lived
 * signed token that deactivate requires in its ConfirmationToken header. It is signed with its own
 * key (HKDF of JWT_SECRET) so it can never pass as an access token, nor one as it.
 */
import { hkdfSync } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const lifetimeSeconds = 300;

function key(jwtSecret: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', jwtSecret, 'dermis', 'dermis-password-confirmation', 32));
}

export async function signConfirmation(jwtSecret: string, userId: number): Promise<string> {
  return new SignJWT({ typ: 'confirm', userId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(`${lifetimeSeconds}s`)
    .sign(key(jwtSecret));
}

/** True when the token confirms this user's password and has not expired. */
export async function isConfirmed(
  jwtSecret: string,
  userId: number,
  token: string | undefined,
): Promise<boolean> {
  if (!token) return false;
  try {
    const { payload } = await jwtVerify(token, key(jwtSecret), { algorithms: ['HS256'] });
    return payload.typ === 'confirm' && payload.userId === userId;
  } catch {
    return false;
  }
}
