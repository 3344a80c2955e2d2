// A model's gallery and an option's image in the back office (decision 059): upload with a progress bar, move up or
// down, make the cover, remove after a confirmation. The page's action handles the intents (`imageIntent`).
import { CATALOG_IMAGE_MAX_BYTES, type CatalogImage } from '@varg/contracts';
import { useNavigation } from 'react-router';
import type { TypedCalls } from '../../lib/api-call.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalePath } from '../../lib/use-locale.ts';
import { buttonClass } from '../../ui/button.ts';
import { ImageItemForm, MoveButtons, RemoveButton } from './image-item.tsx';
import { ImageUploadForm } from './image-upload.tsx';

function useBusy() {
  const navigation = useNavigation();
  return navigation.state === 'submitting' && String(navigation.formData?.get('intent')).startsWith('image');
}

/** The upload of a model's gallery image, or of an option's image when `optionId` is given. */
function Upload({ id, productId, optionId }: { id: string; productId: string; optionId?: string }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <ImageUploadForm
      id={id}
      action={localePath(`/admin/catalogue/${productId}/images`)}
      field="image"
      label={t('admin_catalogue_image_file')}
      maxBytes={CATALOG_IMAGE_MAX_BYTES}
      tooLarge={t('error_catalog_image_too_large')}
      uploaded={t('admin_catalogue_image_uploaded')}
    >
      {optionId ? <input type="hidden" name="optionId" value={optionId} /> : null}
    </ImageUploadForm>
  );
}

export function ModelImages({
  productId,
  modelName,
  images,
}: {
  productId: string;
  modelName: string;
  images: CatalogImage[];
}) {
  const { t } = useTranslation();
  const busy = useBusy();
  return (
    <section aria-labelledby="model-images" className="flex flex-col gap-4">
      <h2 id="model-images" className="text-lg font-semibold">
        {t('admin_catalogue_images')}
      </h2>
      <p className="text-sm text-neutral-700">{t('admin_catalogue_images_intro')}</p>
      {images.length === 0 ? (
        <p className="text-neutral-700">{t('admin_catalogue_images_empty')}</p>
      ) : (
        <ol className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {images.map((image, index) => (
            <li key={image._id} className="flex flex-col gap-2 rounded-xl border border-neutral-200 p-2">
              <img
                src={image.small.url}
                width={image.small.width}
                height={image.small.height}
                alt={t('admin_catalogue_image_alt', { n: index + 1, model: modelName })}
                className="aspect-[4/3] w-full rounded-lg bg-neutral-100 object-contain"
                loading="lazy"
              />
              {image.cover && (
                <p className="text-sm font-semibold" data-testid="cover">
                  {t('admin_catalogue_image_cover')}
                </p>
              )}
              <ImageItemForm
                idField="imageId"
                id={image._id}
                prefix="image"
                confirmTitle={t('admin_catalogue_image_remove_confirm')}
              >
                <MoveButtons prefix="image" first={index === 0} last={index === images.length - 1} busy={busy} />
                {!image.cover && (
                  <button
                    type="submit"
                    name="intent"
                    value="image-cover"
                    className={buttonClass.secondary}
                    disabled={busy}
                  >
                    {t('admin_catalogue_image_make_cover')}
                  </button>
                )}
                <RemoveButton prefix="image" busy={busy} />
              </ImageItemForm>
            </li>
          ))}
        </ol>
      )}
      <Upload id="model-image-file" productId={productId} />
    </section>
  );
}

export function OptionImage({
  productId,
  optionId,
  name,
  image,
}: {
  productId: string;
  optionId: string;
  name: string;
  image: CatalogImage | null;
}) {
  const { t } = useTranslation();
  const busy = useBusy();
  return (
    <section aria-labelledby="option-image" className="flex flex-col gap-4">
      <h2 id="option-image" className="text-lg font-semibold">
        {t('admin_catalogue_image')}
      </h2>
      <p className="text-sm text-neutral-700">{t('admin_catalogue_option_image_intro')}</p>
      {image ? (
        <div className="flex flex-wrap items-end gap-4">
          <img
            src={image.small.url}
            width={image.small.width}
            height={image.small.height}
            alt={name}
            className="size-32 rounded-lg bg-neutral-100 object-contain"
          />
          <ImageItemForm
            idField="imageId"
            id={image._id}
            prefix="image"
            confirmTitle={t('admin_catalogue_image_remove_confirm')}
          >
            <RemoveButton prefix="image" busy={busy} />
          </ImageItemForm>
        </div>
      ) : (
        <p className="text-neutral-700">{t('admin_catalogue_option_image_none')}</p>
      )}
      <Upload id="option-image-file" productId={productId} optionId={optionId} />
    </section>
  );
}

/** The model or option page's action for an image intent; false when the intent is not one. */
export async function imageIntent(
  api: TypedCalls,
  productId: string,
  intent: string,
  form: FormData,
): Promise<boolean> {
  if (!intent.startsWith('image-')) return false;
  const path = { productId, imageId: String(form.get('imageId') ?? '') };
  if (intent === 'image-remove') {
    await api.call('deleteAdminCatalogueModelsByProductIdImagesByImageId', { path });
  } else if (intent === 'image-cover') {
    await api.call('putAdminCatalogueModelsByProductIdImagesByImageIdCover', { path });
  } else {
    const { images } = await api.call('getAdminCatalogueModelsByProductIdImages', { path: { productId } });
    const ids = images.map((i) => i._id);
    const at = ids.indexOf(path.imageId);
    const to = intent === 'image-up' ? at - 1 : at + 1;
    if (at < 0 || to < 0 || to >= ids.length) return true;
    [ids[at], ids[to]] = [ids[to] as string, ids[at] as string];
    await api.call('putAdminCatalogueModelsByProductIdImagesOrder', { path: { productId }, body: { imageIds: ids } });
  }
  return true;
}
