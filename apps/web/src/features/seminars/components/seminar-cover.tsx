/**
 * A seminar's picture in a 16:9 frame: its image, or a designed cover (the palette's gradient in
 * one of three tones chosen by the seminar's id, soft circles and a drawn "video lesson" icon; no
 * letter). The same markup on the server and in the browser (nothing random).
 */
export function SeminarCover({
  id,
  imageUrl,
  alt = '',
  className,
  eager = false,
}: {
  id: number;
  imageUrl: string | null;
  /** the image's text; empty when the title next to it says it all */
  alt?: string;
  className?: string;
  /** the largest picture of the page (its LCP): loaded at once */
  eager?: boolean;
}) {
  return (
    <figure className={['image is-16by9', className].filter(Boolean).join(' ')}>
      {imageUrl ? (
        <img
          src={imageUrl}
          alt={alt}
          loading={eager ? undefined : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
        />
      ) : (
        <span
          className={`seminar-image-placeholder is-tone-${id % 3}`}
          aria-hidden="true"
          data-testid="seminar-cover-placeholder"
        >
          <svg
            viewBox="0 0 64 64"
            width="64"
            height="64"
            focusable="false"
            aria-hidden="true"
            className="seminar-cover-icon"
          >
            <rect
              x="8"
              y="14"
              width="48"
              height="32"
              rx="5"
              fill="none"
              stroke="currentColor"
              strokeWidth="4"
            />
            <path d="M28 22.5v15l12-7.5z" fill="currentColor" />
            <path d="M18 52h28" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
          </svg>
        </span>
      )}
    </figure>
  );
}
