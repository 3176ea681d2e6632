import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { reportActionFailure } from './actionFailure';

const { toast, requireSignIn } = vi.hoisted(() => ({ toast: vi.fn(), requireSignIn: vi.fn() }));
vi.mock('../../components/toast', () => ({ toast }));
vi.mock('../accounts/requireSignIn', () => ({ requireSignIn }));

beforeEach(() => {
  toast.mockReset();
  requireSignIn.mockReset();
});

describe('reportActionFailure', () => {
  it("shows the server's message in a destructive toast", () => {
    reportActionFailure('Bid Failed', new ApiError(409, '{"message":"Auction has ended","code":"auction_ended"}'), 'Please sign in to place a bid.');
    expect(toast).toHaveBeenCalledWith({ title: 'Bid Failed', description: 'Auction has ended', variant: 'destructive' });
    expect(requireSignIn).not.toHaveBeenCalled();
  });

  it('asks a signed-out visitor to sign in instead', () => {
    reportActionFailure('Failed to Watch', new ApiError(401, '{"message":"Sign in required"}'), 'Please sign in to watch this auction.');
    expect(requireSignIn).toHaveBeenCalledWith('Please sign in to watch this auction.');
    expect(toast).not.toHaveBeenCalled();
  });

  it('falls back to a generic message when the failure has none', () => {
    reportActionFailure('Purchase Failed', new ApiError(502, '<html>Bad gateway</html>'), 'Please sign in to use Buy It Now.');
    expect(toast).toHaveBeenCalledWith({
      title: 'Purchase Failed',
      description: 'Something went wrong. Please try again.',
      variant: 'destructive',
    });
  });
});
