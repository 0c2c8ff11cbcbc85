import { useTranslation } from 'react-i18next';
import { VideoPlayer } from '@/components/video-player';
import { useLocale } from '@/hooks/use-locale';
import { usePageTitle } from '@/hooks/use-page-title';

export default function VideoExamplePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  usePageTitle(t('videoExample.title'));
  return (
    <div className="columns is-centered">
      <div className="column is-10-desktop is-8-widescreen">
        <h1 className="title is-2">{t('videoExample.title')}</h1>
        <p className="mb-4">{t('videoExample.intro')}</p>
        <VideoPlayer
          title={t('videoExample.videoTitle')}
          sources={[
            { src: '/media/sample.webm', type: 'video/webm' },
            { src: '/media/sample.mp4', type: 'video/mp4' },
          ]}
          tracks={[
            {
              src: '/media/sample.de.vtt',
              srcLang: 'de',
              label: t('videoExample.captionsDe'),
              default: locale === 'de',
            },
            {
              src: '/media/sample.en.vtt',
              srcLang: 'en',
              label: t('videoExample.captionsEn'),
              default: locale === 'en',
            },
          ]}
        />
      </div>
    </div>
  );
}
