// Escape on a page leaves it for `path` (docs/product.md section 2: Escape on /history returns to /devices), unless something
// on the page used the key first: an open modal (it closes and stops the event) or a dropdown.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

export function useEscapeTo(path: string): void {
  const navigate = useNavigate();
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('[role="dialog"]')) return;
      void navigate(path);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navigate, path]);
}
