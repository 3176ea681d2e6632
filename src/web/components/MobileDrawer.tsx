import { lazy, Suspense, useRef, useState } from 'react';
import { Menu } from 'lucide-react';

const MobileDrawerPanel = lazy(() => import('./MobileDrawerPanel'));

/**
 * The header's menu button below md. The drawer it opens (MobileDrawerPanel) is a chunk of its own that loads on the
 * first press, so a first page view does not download it.
 */
export function MobileDrawer() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? 'mobile-drawer' : undefined}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="grid size-10 place-items-center rounded-md text-white hover:bg-white/10 md:hidden"
      >
        <Menu aria-hidden className="size-6" />
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileDrawerPanel open={open} onOpenChange={setOpen} trigger={button} />
        </Suspense>
      )}
    </>
  );
}
