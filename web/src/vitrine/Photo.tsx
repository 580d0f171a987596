// A product photo at phone size: the 480 px version, the 1600 px one only for wide screens,
// lazy-loaded unless it is the first thing on screen, with its box reserved (no layout jump).
import { smallImage } from '@shared/ecommerce';

export function Photo({ img, alt, eager }: { img?: string; alt: string; eager?: boolean }) {
  if (!img) return <span className="v-photo v-photo-none" aria-hidden="true" />;
  return (
    <img
      className="v-photo"
      src={smallImage(img)}
      srcSet={`${smallImage(img)} 480w, ${img} 1600w`}
      sizes="(max-width: 600px) 100vw, 480px"
      alt={alt}
      width={480}
      height={360}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}

/** A WhatsApp share link (wa.me opens the app on a phone, WhatsApp Web elsewhere). */
export const whatsappLink = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;
