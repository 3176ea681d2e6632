import { describe, expect, it } from 'vitest';
import { imageProblem, storefrontFormOf, toStorefrontUpdate, validateStorefrontForm } from './storefrontForm';

describe('storefront form', () => {
  const current = {
    displayName: 'Shelby Spares',
    logo: null,
    bannerImage: '/api/uploads/files/0123456789abcdef0123456789abcdef.jpg',
    description: 'Ford parts since 1979',
    policies: null,
  };

  it('starts from the storefront, with blanks for missing values', () => {
    expect(storefrontFormOf(current)).toEqual({
      displayName: 'Shelby Spares',
      logo: '',
      bannerImage: '/api/uploads/files/0123456789abcdef0123456789abcdef.jpg',
      description: 'Ford parts since 1979',
      policies: '',
    });
  });

  it('needs a display name of at least 2 characters after trimming', () => {
    expect(validateStorefrontForm({ ...storefrontFormOf(current), displayName: ' S ' })).toEqual({
      displayName: 'Display name must be at least 2 characters',
    });
    expect(validateStorefrontForm(storefrontFormOf(current))).toEqual({});
  });

  it('sends trimmed values and clears blank fields with null', () => {
    expect(toStorefrontUpdate({ ...storefrontFormOf(current), displayName: ' Shelby ', description: '  ' })).toEqual({
      displayName: 'Shelby',
      logo: null,
      bannerImage: '/api/uploads/files/0123456789abcdef0123456789abcdef.jpg',
      description: null,
      policies: null,
    });
  });

  it('accepts JPEG and PNG images up to 5 MB only', () => {
    expect(imageProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(imageProblem({ type: 'image/gif', size: 1000 })).toBe('Please choose a JPEG or PNG image');
    expect(imageProblem({ type: 'image/jpeg', size: 6 * 1024 * 1024 })).toBe('Images must be 5 MB or smaller');
  });
});
