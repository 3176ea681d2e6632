import { Create, useNotify, useRedirect } from 'react-admin';
import { useLocation } from 'react-router';
import { DEFAULT_PRICE, defaultEnd, errorText, FEATURED_TEXTS } from './featuredAdmin';
import { FeaturedListingForm } from './FeaturedListingForm';

/** The form's starting values: the slot clicked in the manager (?placementType=&categoryId=&position=), from now for 30 days. */
function startingValues(search: string) {
  const params = new URLSearchParams(search);
  const start = new Date();
  start.setSeconds(0, 0);
  const position = Number(params.get('position'));
  return {
    placementType: params.get('placementType') === 'category' ? 'category' : 'homepage',
    categoryId: params.get('categoryId') ?? undefined,
    position: Number.isInteger(position) && position > 0 ? position : undefined,
    listingType: 'part',
    startDate: start.toISOString(),
    endDate: defaultEnd(start).toISOString(),
    price: DEFAULT_PRICE,
    isActive: true,
  };
}

/** Books a slot. */
export const FeaturedListingCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  const { search } = useLocation();
  return (
    <Create
      title="Book a featured slot"
      record={startingValues(search)}
      mutationOptions={{
        onSuccess: () => {
          notify(FEATURED_TEXTS.created, { type: 'success', messageArgs: { _: FEATURED_TEXTS.created } });
          redirect('list', 'featured-listings');
        },
        onError: (error) => {
          const text = errorText(error, FEATURED_TEXTS.createFailed);
          notify(text, { type: 'error', messageArgs: { _: text } });
        },
      }}
    >
      <FeaturedListingForm />
    </Create>
  );
};
