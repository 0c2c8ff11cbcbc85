import type { UserGraduateList } from '@elearn/shared';
import { api } from '@/lib/api-client';

/** `GET /api/mc_tests/{id}/usergraduate/`: the test with its runs (user graduate records). */
export const getUserGraduates = (id: number) =>
  api.get<UserGraduateList>(`/api/mc_tests/${id}/usergraduate/`);
