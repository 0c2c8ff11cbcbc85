import type { McTestDto } from '@elearn/shared';
import { api } from '@/lib/api-client';
import { useTestMutation } from './update-mc-test';

/** `PATCH /api/mc_tests/toggle/enabled {mcTestId}` → the test with `enabled` flipped. */
export const toggleEnabled = (mcTestId: number) =>
  api.patch<McTestDto>('/api/mc_tests/toggle/enabled', { mcTestId });

export const useToggleEnabled = () => useTestMutation(toggleEnabled);
