import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface VideoSource {
  src: string;
  /** MIME type, e.g. `video/webm` or `video/mp4`. */
  type: string;
}

export interface VideoTrack {
  src: string;
  srcLang: string;
  label: string;
  kind?: 'captions' | 'subtitles';
  default?: boolean;
}

export interface VideoPlayerProps {
  sources: VideoSource[];
  /** Accessible name of the player (e.g. the chapter title). */
  title: string;
  tracks?: VideoTrack[];
  poster?: string;
  /** Seconds to seek to once the metadata is known (resume playback). */
  startAt?: number;
  /** Called about every second while playing, with the position and duration in seconds. */
  onProgress?: (position: number, duration: number) => void;
  onEnded?: () => void;
  /** the video element, for a caller that follows its events (progress tracking, resume) */
  mediaRef?: RefObject<HTMLVideoElement | null>;
}

const RATES = [0.75, 1, 1.25, 1.5, 2] as const;

/**
 * HTML5 video with the browser's controls (play, seek, volume, fullscreen are keyboard usable)
 * plus a playback-speed choice. Seeking needs byte-range support from the server, which the
 * static file server and the media routes provide. Reused by the seminar chapter pages.
 */
export function VideoPlayer({
  sources,
  title,
  tracks = [],
  poster,
  startAt,
  onProgress,
  onEnded,
  mediaRef,
}: VideoPlayerProps) {
  const { t } = useTranslation();
  const ownRef = useRef<HTMLVideoElement>(null);
  const videoRef = mediaRef ?? ownRef;
  const [rate, setRate] = useState(1);
  const [failed, setFailed] = useState(false);
  const lastReport = useRef(0);
  const rateId = useId();

  useEffect(() => {
    if (videoRef.current) videoRef.current.playbackRate = rate;
  }, [rate, videoRef]);

  const onLoadedMetadata = () => {
    const video = videoRef.current;
    if (video && startAt && startAt > 0 && startAt < video.duration) video.currentTime = startAt;
  };

  const onTimeUpdate = () => {
    const video = videoRef.current;
    if (!video || !onProgress) return;
    const now = Date.now();
    if (now - lastReport.current < 1000) return;
    lastReport.current = now;
    onProgress(video.currentTime, video.duration);
  };

  return (
    <figure className="video-player">
      {failed ? (
        <div className="notification is-danger is-light" role="alert">
          {t('video.loadError')}
        </div>
      ) : null}
      {/* biome-ignore lint/a11y/useMediaCaption: captions come in through the `tracks` prop */}
      <video
        ref={videoRef}
        className="video-player-media"
        controls
        preload="metadata"
        playsInline
        poster={poster}
        aria-label={title}
        onLoadedMetadata={onLoadedMetadata}
        onTimeUpdate={onTimeUpdate}
        onEnded={onEnded}
        onError={() => setFailed(true)}
      >
        {sources.map((source, index) => (
          <source
            key={source.src}
            src={source.src}
            type={source.type}
            // the browser tries the sources in order; only the last one failing means no video
            onError={index === sources.length - 1 ? () => setFailed(true) : undefined}
          />
        ))}
        {tracks.map((track) => (
          <track
            key={track.src}
            kind={track.kind ?? 'captions'}
            src={track.src}
            srcLang={track.srcLang}
            label={track.label}
            default={track.default}
          />
        ))}
        {t('video.unsupported')}
      </video>
      <figcaption className="video-player-bar">
        <span className="video-player-title">{title}</span>
        <span className="video-player-rate">
          <label htmlFor={rateId}>{t('video.speed')}</label>
          <span className="select is-small">
            <select id={rateId} value={rate} onChange={(e) => setRate(Number(e.target.value))}>
              {RATES.map((r) => (
                <option key={r} value={r}>
                  {`${r}×`}
                </option>
              ))}
            </select>
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
