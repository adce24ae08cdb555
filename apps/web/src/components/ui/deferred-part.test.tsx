// A deferred part shows once its chunk is in, keeps the screen around it up meanwhile, and after a
// fetch that failed (the till offline) shows nothing and asks again on its next render.
import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { deferredPart } from './deferred-part';

it('shows nothing while its chunk fails, then the part once a later render fetches it', async () => {
  let offline = true;
  const Part = deferredPart<{ text: string }>(
    () =>
      new Promise((resolve, reject) =>
        setTimeout(() => {
          if (offline) reject(new Error('offline'));
          else resolve(({ text }: { text: string }) => <p>{text}</p>);
        }, 20),
      ),
  );
  const first = render(
    <div>
      <Part text="the part" />
      <p>the screen</p>
    </div>,
  );
  expect(await Part.preload()).toBeNull();
  expect(screen.getByText('the screen')).toBeTruthy();
  expect(screen.queryByText('the part')).toBeNull();
  first.unmount();

  offline = false;
  render(<Part text="the part" />);
  expect(await screen.findByText('the part')).toBeTruthy();
  expect(await Part.preload()).not.toBeNull();
});
