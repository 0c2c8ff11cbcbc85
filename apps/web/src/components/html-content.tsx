/**
 * Rich text that the SERVER sanitized (chapter content/description, seminar description; the
 * server strips scripts, event handlers and `javascript:` URLs). The only place of the app that
 * renders HTML — never pass it anything typed by the user in this browser or from another source.
 */
export function ServerHtml({
  html,
  className,
  testId,
}: {
  html: string;
  className?: string;
  testId?: string;
}) {
  if (!html.trim()) return null;
  return (
    <div
      className={['content', className].filter(Boolean).join(' ')}
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitized HTML (see above)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
