import type { VideoProgressDto } from '@elearn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { VideoPlayer, type VideoSource } from '@/components/video-player';
import { useLocale } from '@/hooks/use-locale';
import { formatPercent } from '@/lib/format';
import { progressKeys } from '../api/keys';
import { beaconPosition, type PositionSave, savePosition } from '../api/save-position';
import { formatClock, percentOf } from '../format';

/** how often the player saves while playing */
const SAVE_EVERY_MS = 5000;
/** a jump larger than this between two time updates is a seek, not playing */
const MAX_STEP_S = 2.5;

export interface TrackedVideoProps {
  videoId: number;
  title: string;
  sources: VideoSource[];
  /** what the server remembers of this video for the learner */
  saved?: VideoProgressDto;
  /** opened through "Fortsetzen" (issue 36): start at this second instead of offering it */
  startAt?: number;
}

/**
 * A chapter video that remembers where the learner stopped and which parts they watched
 * (issue 16): it offers to continue at the saved position ("Weiter bei 04:12"), saves the
 * position and the played segments every few seconds while playing, on pause and at the end,
 * and by beacon when the page is left.
 */
export function TrackedVideo({ videoId, title, sources, saved, startAt }: TrackedVideoProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const mediaRef = useRef<HTMLVideoElement | null>(null);
  // a position worth offering: past the first seconds and not at the very end (docs/decisions.md)
  const resumeAt =
    saved &&
    saved.duration > 0 &&
    saved.position >= Math.min(5, saved.duration / 5) &&
    saved.position < saved.duration - Math.min(3, saved.duration / 10)
      ? saved.position
      : null;
  const [offer, setOffer] = useState(resumeAt !== null && !startAt);
  const started = useRef(false);
  // the saved position may arrive after the player: offer it unless playing has begun
  useEffect(() => {
    if (resumeAt !== null && !started.current && !startAt) setOffer(true);
  }, [resumeAt, startAt]);
  // a video whose metadata came before hydration: its loadedmetadata event has passed already
  useEffect(() => {
    const video = mediaRef.current;
    if (video && startAt && video.readyState >= 1 && video.currentTime < 1 && startAt < video.duration) {
      video.currentTime = startAt;
    }
  }, [startAt]);
  const [coverage, setCoverage] = useState(saved?.coverage ?? 0);
  const savedCoverage = useRef(saved?.coverage ?? 0);
  savedCoverage.current = saved?.coverage ?? 0;

  useEffect(() => {
    setCoverage((c) => Math.max(c, saved?.coverage ?? 0));
  }, [saved?.coverage]);

  useEffect(() => {
    const video = mediaRef.current;
    if (!video) return;
    let segStart: number | null = null;
    let last = 0;
    let pending: [number, number][] = [];
    let dirty = false;

    const close = () => {
      if (segStart !== null && last > segStart) pending.push([segStart, last]);
      segStart = null;
    };
    const snapshot = (): PositionSave | null => {
      const duration = video.duration;
      if (!Number.isFinite(duration) || duration <= 0) return null;
      if (segStart !== null && last > segStart) {
        pending.push([segStart, last]);
        segStart = last;
      }
      if (!dirty && pending.length === 0) return null;
      const save = {
        position: Math.min(video.currentTime, duration),
        duration,
        segments: pending
          .slice(0, 50)
          .map(([a, b]) => [Math.min(a, duration), Math.min(b, duration)] as [number, number]),
      };
      pending = [];
      dirty = false;
      return save;
    };
    const flush = (refresh: boolean) => {
      const save = snapshot();
      if (!save) return;
      void savePosition(videoId, save).then(() => {
        if (refresh) void queryClient.invalidateQueries({ queryKey: progressKeys.all });
      });
    };
    const leave = () => {
      const save = snapshot();
      if (save) beaconPosition(videoId, save);
    };

    const onTimeUpdate = () => {
      const now = video.currentTime;
      dirty = true;
      if (video.paused || video.seeking) {
        last = now;
        return;
      }
      if (segStart === null) segStart = now;
      else if (now < last || now - last > MAX_STEP_S) {
        close();
        segStart = now;
      }
      last = now;
      // the share watched as the learner sees it grow (an estimate until the next load)
      if (Number.isFinite(video.duration) && video.duration > 0 && segStart !== null) {
        const share = savedCoverage.current + (now - segStart) / video.duration;
        setCoverage((c) => Math.min(1, Math.max(c, share)));
      }
    };
    const onSeeking = () => {
      close();
      dirty = true;
    };
    const onPlay = () => {
      started.current = true;
      setOffer(false);
      segStart = video.currentTime;
      last = video.currentTime;
    };
    const onPause = () => {
      close();
      flush(true);
    };
    const onEnded = () => {
      close();
      flush(true);
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    video.addEventListener('timeupdate', onTimeUpdate);
    video.addEventListener('seeking', onSeeking);
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onPause);
    video.addEventListener('ended', onEnded);
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', onHidden);
    const timer = window.setInterval(() => {
      if (!video.paused) flush(false);
    }, SAVE_EVERY_MS);
    return () => {
      window.clearInterval(timer);
      video.removeEventListener('timeupdate', onTimeUpdate);
      video.removeEventListener('seeking', onSeeking);
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('ended', onEnded);
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', onHidden);
      // leaving the chapter inside the app: the last part goes out like a page leave
      close();
      leave();
      void queryClient.invalidateQueries({ queryKey: progressKeys.all });
    };
  }, [videoId, queryClient]);

  const resume = () => {
    const video = mediaRef.current;
    if (!video || resumeAt === null) return;
    video.currentTime = resumeAt;
    setOffer(false);
    const playing = video.play() as Promise<void> | undefined;
    playing?.catch(() => undefined);
  };

  return (
    <div className="tracked-video" data-testid="tracked-video" data-video-id={videoId}>
      {offer && resumeAt !== null ? (
        <div
          className="notification is-info is-light tracked-video-resume"
          role="status"
          data-testid="video-resume"
        >
          <span>{t('progress.video.resumeHint', { time: formatClock(resumeAt) })}</span>
          <span className="buttons">
            <Button variant="primary" size="small" onClick={resume} data-testid="video-resume-button">
              {t('progress.video.resume', { time: formatClock(resumeAt) })}
            </Button>
            <Button size="small" onClick={() => setOffer(false)} data-testid="video-restart-button">
              {t('progress.video.restart')}
            </Button>
          </span>
        </div>
      ) : null}
      <VideoPlayer mediaRef={mediaRef} title={title} sources={sources} startAt={startAt} />
      <p className="is-size-7 has-text-grey" data-testid="video-coverage">
        {t('progress.video.coverage', { percent: formatPercent(percentOf(coverage), locale) })}
      </p>
    </div>
  );
}
