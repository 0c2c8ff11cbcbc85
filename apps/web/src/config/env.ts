import { z } from 'zod';

const envSchema = z.object({
  /** Base address of the API; empty means the app's own origin (the server serves both). */
  API_URL: z
    .string()
    .default('')
    .transform((v) => v.replace(/\/+$/, '')),
});

export const env = envSchema.parse({ API_URL: import.meta.env.VITE_API_URL || undefined });
