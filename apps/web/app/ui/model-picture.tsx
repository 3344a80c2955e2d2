import type { CatalogImage } from '@varg/contracts';
import { BikeIllustration } from './bike-illustration.tsx';

/**
 * A model's cover image from the back office (decision 059), or the drawn bike when it has none. The small and the
 * large WebP are offered by width (`sizes`), with their sizes set so nothing shifts; below the fold it loads lazily.
 */
export function ModelPicture({
  image,
  name,
  title,
  color,
  className = '',
  sizes,
  lazy = false,
}: {
  image: CatalogImage | null | undefined;
  /** The model's name: the photo's alternative text. */
  name: string;
  /** The drawing's label. */
  title: string;
  /** The drawing's colour (the configurator's chosen one). */
  color?: string;
  className?: string;
  /** How wide the picture is shown, as the `sizes` attribute. */
  sizes: string;
  lazy?: boolean;
}) {
  if (!image) return <BikeIllustration {...(color ? { color } : {})} title={title} className={className} />;
  return (
    <img
      src={image.small.url}
      srcSet={`${image.small.url} ${image.small.width}w, ${image.url} ${image.width}w`}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={name}
      loading={lazy ? 'lazy' : 'eager'}
      decoding="async"
      className={`h-auto object-contain ${className}`}
    />
  );
}
