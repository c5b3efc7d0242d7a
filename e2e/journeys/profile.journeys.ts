import assert from 'node:assert/strict';
import { createVerifiedAccount, newAccount } from '../support/accounts';
import { expectPath, expectToast, expectVisible, dismissToasts } from '../support/expect';
import type { Journey } from '../support/harness';
import { signIn } from '../support/ui';

import { roleAccount, selectInterface } from '../support/roles';

export const profileJourneys: Journey[] = [
  {
    name: 'profile: autosave after a pause with its toast, invalid values are not saved',
    async run({ newPage, baseUrl, checkA11y }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('profile'));
      const page = await newPage();
      await signIn(page, account);
      await page.goto('/app/profile');
      await expectPath(page, '/app/profile/personal-info');
      await expectVisible(page.getByRole('heading', { name: 'Personal & Identity' }), 'card');
      assert.equal(
        await page.getByRole('heading', { name: 'Administrative Information' }).count(),
        0,
        'a user does not see the admin card',
      );
      const name = page.getByLabel('Display Name');
      await name.fill('Journey Person');
      await expectToast(page, 'Profile updated', 'Your changes have been saved.');
      await dismissToasts(page);

      await name.fill('');
      await expectVisible(page.getByText('This field is required'), 'required message');
      await page.waitForTimeout(900);
      assert.equal(
        await page.locator('[data-sonner-toast]').count(),
        0,
        'an invalid value is not saved',
      );

      await page.getByLabel('Timezone').selectOption('Europe/Paris');
      await expectToast(page, 'Profile updated');
      await page.getByRole('checkbox', { name: 'personal growth' }).check();
      await page.waitForTimeout(700);
      await checkA11y(page, 'profile');

      await page.reload();
      await expectVisible(page.getByRole('heading', { name: 'Personal & Identity' }), 'card');
      assert.equal(await page.getByLabel('Display Name').inputValue(), 'Journey Person');
      assert.equal(await page.getByLabel('Timezone').inputValue(), 'Europe/Paris');
      assert.equal(
        await page.getByRole('checkbox', { name: 'personal growth' }).isChecked(),
        true,
        'multiselect saved',
      );
    },
  },
  {
    name: 'admin: read-only profile fields with tooltip (client interface); six settings tabs, retention error (admin interface)',
    holds: ['admin'],
    unavailableBecause: () =>
      Promise.resolve(roleAccount('admin') ? null : 'no admin account from the CLI'),
    async run({ newPage, checkA11y }) {
      const admin = roleAccount('admin');
      assert.ok(admin);
      const page = await newPage();
      await signIn(page, admin, /^\/(interface-selection|admin|client|app)/);
      await selectInterface(page, 'client');
      await page.goto('/app/profile/personal-info');
      await expectVisible(page.getByText('You are in the client interface.'), 'admin banner');
      const name = page.getByLabel('Display Name');
      assert.equal(await name.isDisabled(), true, 'user fields read-only in client interface');
      await page.locator('[data-field="display_name"] [data-read-only]').hover();
      await expectVisible(
        page.getByRole('tooltip').getByText('Read-only in current interface'),
        'read-only tooltip',
      );
      const title = page.getByLabel('Professional Title');
      assert.equal(await title.isDisabled(), false, 'client fields editable');

      // Availability is edited as a week and stored as the spec's JSON.
      const week = page.getByRole('group', { name: 'Availability Hours' });
      await week.getByRole('button', { name: 'Add hours on Monday' }).click();
      await expectToast(page, 'Profile updated');
      await week.getByLabel('Monday to').fill('08:00');
      await expectVisible(week.getByText('End after the start to save'), 'backwards range marked');
      await week.getByLabel('Monday to').fill('17:30');
      await expectToast(page, 'Profile updated');
      await week.getByRole('button', { name: 'Edit as JSON' }).click();
      const schedule = page.getByLabel('Availability Hours');
      assert.deepEqual(JSON.parse(await schedule.inputValue()), { monday: ['09:00-17:30'] });
      await schedule.fill('{"monday": ');
      await expectVisible(page.getByText(/not valid JSON yet/), 'invalid JSON hint');
      await schedule.fill('{"monday": ["09:00-17:00"]}');
      await expectToast(page, 'Profile updated');
      await checkA11y(page, 'profile as admin in client interface');

      // One journey for the shared admin account, so parallel workers never race on its interface.
      await selectInterface(page, 'admin');
      await page.goto('/app/settings/roles');
      const tabs = page.getByRole('tablist', { name: 'Settings sections' });
      await expectVisible(tabs, 'tabs');
      assert.equal(await tabs.getByRole('tab').count(), 6, 'six tabs');
      await page.getByRole('tab', { name: 'System' }).click();
      const retention = page.getByLabel('Data retention (days)');
      await retention.fill('0');
      await page.getByRole('button', { name: 'Save' }).click();
      await expectVisible(
        page.getByText('Data retention must be a whole number of days between 1 and 3650'),
        'server message',
      );
      await expectToast(page, 'Error saving settings', 'There was a problem saving your settings.');
      await retention.fill('90');
      await page.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Settings saved');
      await checkA11y(page, 'system tab');
      await page.reload();
      await page.getByRole('tab', { name: 'System' }).click();
      assert.equal(await page.getByLabel('Data retention (days)').inputValue(), '90');
    },
  },
  {
    name: 'profile: avatar upload shows the image; a file that is not an image gets the server message',
    async run({ newPage, baseUrl }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('avatar'));
      const page = await newPage();
      await signIn(page, account);
      await page.goto('/app/profile/personal-info');
      const input = page.getByLabel('Avatar image file');
      await input.setInputFiles({
        name: 'notes.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not really an image'),
      });
      await expectToast(
        page,
        'Error saving changes',
        'Please choose a PNG, JPEG, WebP or GIF image.',
      );
      await dismissToasts(page);
      // A 1×1 transparent PNG.
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
        'base64',
      );
      await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
      await expectToast(page, 'Profile updated');
      const image = page.getByRole('img', { name: 'Your avatar' });
      await expectVisible(image, 'avatar image');
      assert.match((await image.getAttribute('src')) ?? '', /^\/api\/files\/avatar\//);
      await page.waitForFunction(
        () => {
          const img = document.querySelector<HTMLImageElement>('img[alt="Your avatar"]');
          return img?.complete === true && img.naturalWidth === 1;
        },
        null,
        { timeout: 5_000 },
      );
      // Wherever the avatar appears: the page header's account menu and the top bar's user menu.
      for (const menu of ['avatar-menu-trigger', 'user-menu-trigger']) {
        const shown = page.getByTestId(menu).getByTestId('avatar-image');
        await expectVisible(shown, `avatar in ${menu}`);
        assert.match((await shown.getAttribute('src')) ?? '', /^\/api\/files\/avatar\//);
      }
    },
  },
];
