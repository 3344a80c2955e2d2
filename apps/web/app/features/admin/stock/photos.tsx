import { useNavigation } from 'react-router';
import type { Answer } from '../../../lib/api-call.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocalePath } from '../../../lib/use-locale.ts';
import { ImageItemForm, MoveButtons, RemoveButton } from '../image-item.tsx';
import { ImageUploadForm } from '../image-upload.tsx';

type Bike = Answer<'getAdminStockBikesById'>;
/** As the API's limit (decision 043). */
const MAX_BYTES = 5 * 1024 * 1024;

/**
 * A stock bike's photos: upload one (with a progress bar, `ImageUploadForm`), move one up or down, remove one after a
 * confirmation.
 */
export function StockBikePhotos({ bike }: { bike: Bike }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const navigation = useNavigation();
  const action = localePath(`/admin/stock-bikes/${bike._id}/photos`);
  const busy = navigation.state === 'submitting' && String(navigation.formData?.get('intent')).startsWith('photo');

  return (
    <section aria-labelledby="stock-photos" className="flex flex-col gap-4">
      <h2 id="stock-photos" className="text-lg font-semibold">
        {t('admin_stock_photos')}
      </h2>
      {bike.photos.length === 0 ? (
        <p className="text-neutral-700">{t('admin_stock_photos_empty')}</p>
      ) : (
        <ol className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {bike.photos.map((photo, index) => (
            <li key={photo._id} className="flex flex-col gap-2 rounded-xl border border-neutral-200 p-2">
              <img
                src={photo.url}
                alt={t('admin_stock_photo_alt', { n: index + 1, id: bike.vin ?? bike._id })}
                className="aspect-[4/3] w-full rounded-lg bg-neutral-100 object-cover"
                loading="lazy"
              />
              <ImageItemForm
                idField="photoId"
                id={photo._id}
                prefix="photo"
                confirmTitle={t('admin_stock_photo_remove_confirm')}
              >
                <MoveButtons prefix="photo" first={index === 0} last={index === bike.photos.length - 1} busy={busy} />
                <RemoveButton prefix="photo" busy={busy} />
              </ImageItemForm>
            </li>
          ))}
        </ol>
      )}
      {bike.status !== 'retired' && (
        <ImageUploadForm
          id="stock-photo-file"
          action={action}
          field="photo"
          label={t('admin_stock_photo_file')}
          maxBytes={MAX_BYTES}
          tooLarge={t('error_stock_bike_photo_too_large')}
          uploaded={t('admin_stock_photo_uploaded')}
        />
      )}
    </section>
  );
}
