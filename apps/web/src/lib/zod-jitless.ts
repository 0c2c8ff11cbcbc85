/**
 * Every `import … from 'zod'` of the web build resolves to this module (alias in vite.config.ts).
 * zod 4 probes `new Function('')` when the first object schema is built, to decide whether it may
 * compile fast parsers; under our CSP (`script-src 'self'`, no 'unsafe-eval') that probe is
 * reported as a CSP violation. Switching to jitless mode here runs before any schema exists,
 * including those of @elearn/shared.
 */
import * as z from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z };
export default z;
