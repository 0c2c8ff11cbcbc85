import type {
  mediaDocSchema,
  mediaLinkSchema,
  mediaVideoSchema,
  sideMenuEntrySchema,
  userInteractionSchema,
} from '@elearn/shared';
import type { z } from 'zod';

export type SideMenuEntry = z.infer<typeof sideMenuEntrySchema>;
export type SideMenuSub = SideMenuEntry['sub_chapters'][number];
export type MediaDoc = z.infer<typeof mediaDocSchema>;
export type MediaVideo = z.infer<typeof mediaVideoSchema>;
export type MediaLink = z.infer<typeof mediaLinkSchema>;
export type UserInteraction = z.infer<typeof userInteractionSchema>;
