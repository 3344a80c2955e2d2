// A model's gallery and an option's image in the back office (decision 059): upload with a progress bar, move up or
// down, make the cover, remove after a confirmation. The page's action handles the intents (`imageIntent`).
import { CATALOG_IMAGE_MAX_BYTES, type CatalogImage } from '@varg/contracts';
import type { ReactNode } from 'react';
import { Form, useNavigation, useSubmit } from 'react-router';
import type { TypedCalls } from '../../lib/api-call.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalePath } from '../../lib/use-locale.ts';
import { buttonClass } from '../../ui/button.ts';
import { useShell } from '../shell/providers.tsx';
import { ImageUploadForm } from './image-upload.tsx';

/** A form whose "remove" button asks first; other buttons submit at once. */
function ImageActions({ imageId, children }: { imageId: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { confirm } = useShell();
  const submit = useSubmit();
  return (
    <Form
      method="post"
      className="flex flex-wrap gap-1"
      onSubmit={async (event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        if (submitter?.value !== 'image-remove') return;
        event.preventDefault();
        const form = event.currentTarget;
        if (await confirm({ title: t('admin_catalogue_image_remove_confirm') })) {
          const data = new FormData(form);
          data.set('intent', 'image-remove');
          await submit(data, { method: 'post' });
        }
      }}
    >
      <input type="hidden" name="imageId" value={imageId} />
      {children}
    </Form>
  );
}

function useBusy() {
  const navigation = useNavigation();
  return navigation.state === 'submitting' && String(navigation.formData?.get('intent')).startsWith('image');
}

function RemoveButton({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  return (
    <button type="submit" name="intent" value="image-remove" className={buttonClass.secondary} disabled={busy}>
      {t('admin_stock_photo_remove')}
    </button>
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
  const localePath = useLocalePath();
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
              <ImageActions imageId={image._id}>
                <button
                  type="submit"
                  name="intent"
                  value="image-up"
                  className={buttonClass.secondary}
                  disabled={busy || index === 0}
                >
                  <span aria-hidden="true">↑</span>
                  <span className="sr-only">{t('admin_stock_photo_up')}</span>
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="image-down"
                  className={buttonClass.secondary}
                  disabled={busy || index === images.length - 1}
                >
                  <span aria-hidden="true">↓</span>
                  <span className="sr-only">{t('admin_stock_photo_down')}</span>
                </button>
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
                <RemoveButton busy={busy} />
              </ImageActions>
            </li>
          ))}
        </ol>
      )}
      <ImageUploadForm
        id="model-image-file"
        action={localePath(`/admin/catalogue/${productId}/images`)}
        field="image"
        label={t('admin_catalogue_image_file')}
        maxBytes={CATALOG_IMAGE_MAX_BYTES}
        tooLarge={t('error_catalog_image_too_large')}
        uploaded={t('admin_catalogue_image_uploaded')}
      />
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
  const localePath = useLocalePath();
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
          <ImageActions imageId={image._id}>
            <RemoveButton busy={busy} />
          </ImageActions>
        </div>
      ) : (
        <p className="text-neutral-700">{t('admin_catalogue_option_image_none')}</p>
      )}
      <ImageUploadForm
        id="option-image-file"
        action={localePath(`/admin/catalogue/${productId}/images`)}
        field="image"
        label={t('admin_catalogue_image_file')}
        maxBytes={CATALOG_IMAGE_MAX_BYTES}
        tooLarge={t('error_catalog_image_too_large')}
        uploaded={t('admin_catalogue_image_uploaded')}
      >
        <input type="hidden" name="optionId" value={optionId} />
      </ImageUploadForm>
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
