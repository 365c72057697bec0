import { useTranslation } from 'react-i18next';
import Lightbox from 'yet-another-react-lightbox';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import type { PhotoCard } from './types';

interface Props {
  photos: PhotoCard[];
  /** The open photo's position, or -1 when closed. */
  index: number;
  onClose: () => void;
  onView: (index: number) => void;
}

/**
 * The gallery's lightbox (yet-another-react-lightbox): the medium750/large1500 sizes by srcset,
 * arrow keys, Escape, swipe and the zoom plugin (pinch, wheel, double-tap, + and − keys), with
 * every label in the page's language.
 */
export function PhotoLightbox({ photos, index, onClose, onView }: Props) {
  const { t } = useTranslation();
  const slides = photos.map((photo) => {
    const biggest = photo.large[photo.large.length - 1]!;
    return { src: biggest.src, width: biggest.width, height: biggest.height, alt: photo.title, srcSet: photo.large };
  });
  return (
    <Lightbox
      open={index >= 0}
      index={Math.max(index, 0)}
      close={onClose}
      slides={slides}
      plugins={[Zoom]}
      zoom={{ maxZoomPixelRatio: 3, scrollToZoom: true }}
      carousel={{ finite: photos.length < 3 }}
      on={{ view: ({ index: viewed }) => onView(viewed) }}
      labels={{
        Previous: t('gallery.lightbox.previous'),
        Next: t('gallery.lightbox.next'),
        Close: t('gallery.lightbox.close'),
        'Zoom in': t('gallery.lightbox.zoomIn'),
        'Zoom out': t('gallery.lightbox.zoomOut'),
        Lightbox: t('gallery.lightbox.dialog'),
        Carousel: t('gallery.lightbox.carousel'),
        'Photo gallery': t('gallery.lightbox.carousel'),
        Slide: t('gallery.lightbox.slide'),
        '{index} of {total}': t('gallery.lightbox.position'),
      }}
    />
  );
}
