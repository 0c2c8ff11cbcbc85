import type { CertificateDto } from '@elearn/shared';
import { AppError, tooManyRequests } from '../../../errors.ts';
import type { ProgressContext } from '../progress.context.ts';
import { certificateDto } from '../progress.dto.ts';
import { progressRepository as repo } from '../progress.repository.ts';

/** failed certificate look-ups per IP and minute before 429: the token look-ups' limit (SECURITY A-10) */
const TOKEN_FAILURES = 30;
const TOKEN_WINDOW_S = 60;

async function guardTokenGuessing(ctx: ProgressContext, ip: string) {
  const r = await ctx.counter.reserve(
    `token-guess:${ip}`,
    TOKEN_WINDOW_S,
    TOKEN_FAILURES * ctx.config.rateLimitFactor,
  );
  if (!r.allowed) throw tooManyRequests(r.resetInSeconds || TOKEN_WINDOW_S);
}

/** the public verification: the certificate's facts and status; guesses count per IP */
export async function verifyCertificate(
  ctx: ProgressContext,
  code: string,
  ip: string,
): Promise<CertificateDto> {
  await guardTokenGuessing(ctx, ip);
  const row = await repo.certificateByCode(ctx.db, code);
  if (!row) throw new AppError(404, 'certificate.invalid', 'certificate.invalid');
  await ctx.counter.release(`token-guess:${ip}`);
  return certificateDto(row);
}
