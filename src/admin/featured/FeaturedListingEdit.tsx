import { DeleteWithConfirmButton, Edit, SaveButton, Toolbar, useNotify, useRedirect } from 'react-admin';
import { errorText, FEATURED_TEXTS } from './featuredAdmin';
import { FeaturedListingForm } from './FeaturedListingForm';

/** Changes a placement (PUT, the whole record: the version-2 manager's call). */
export const FeaturedListingEdit = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      title="Featured listing"
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: () => {
          notify(FEATURED_TEXTS.updated, { type: 'success', messageArgs: { _: FEATURED_TEXTS.updated } });
          redirect('list', 'featured-listings');
        },
        onError: (error) => {
          const text = errorText(error, FEATURED_TEXTS.updateFailed);
          notify(text, { type: 'error', messageArgs: { _: text } });
        },
      }}
    >
      <FeaturedListingForm toolbar={<EditToolbar />} />
    </Edit>
  );
};

function EditToolbar() {
  const notify = useNotify();
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteWithConfirmButton
        confirmTitle="Remove featured listing"
        confirmContent={FEATURED_TEXTS.confirmRemove}
        label="Remove"
        mutationOptions={{
          onSuccess: () => notify(FEATURED_TEXTS.removed, { type: 'success', messageArgs: { _: FEATURED_TEXTS.removed } }),
          onError: (error: unknown) => {
            const text = errorText(error, FEATURED_TEXTS.removeFailed);
            notify(text, { type: 'error', messageArgs: { _: text } });
          },
        }}
      />
    </Toolbar>
  );
}
