import assert from 'node:assert/strict';
import { createVerifiedAccount, newAccount } from '../support/accounts';
import { expectPath, expectVisible } from '../support/expect';
import type { Journey } from '../support/harness';
import { signIn } from '../support/ui';
import { writeEntry } from './journal.journeys';

export const insightsJourneys: Journey[] = [
  {
    name: 'insights: answer the IPIP-50 (incomplete refused, keyboard), see Big-Five scores, retake with history; the personal model says what it learned from; axe',
    async run({ newPage, baseUrl, checkA11y }) {
      const account = await createVerifiedAccount(baseUrl, newAccount('insights-pages'));
      const page = await newPage();
      await signIn(page, account);
      // One entry with a mood, analysed on the server while the questionnaire is answered.
      await writeEntry(page, {
        title: 'Sunny walk',
        content: 'A long walk in the sun with a friend.',
        mood: 'Happy',
      });

      // The dashboard's insight area links to the personality page.
      await page.goto('/app/dashboard');
      await page.getByTestId('personality-link').click();
      await expectPath(page, '/app/dashboard/insights/personality');
      const form = page.getByTestId('personality-form');
      await expectVisible(form.getByText('0 of 50 answered'), 'the progress');
      const statements = form.getByRole('group');
      assert.equal(await statements.count(), 50);
      await expectVisible(
        page.getByTestId('personality-attribution').getByText(/Goldberg/),
        'the IPIP attribution',
      );
      await expectVisible(
        page.getByTestId('personality-caveats').getByText(/not a diagnosis/),
        'the caveat',
      );
      await expectVisible(
        page.getByTestId('style-indicators').getByText('(tentative)'),
        'the tentative style indicators',
      );
      await checkA11y(page, 'the questionnaire');

      // Submitting with everything unanswered is refused, clearly, and focus goes to statement 1.
      await form.getByRole('button', { name: 'See my scores' }).click();
      await expectVisible(
        form.getByRole('alert').getByText(/^Answer every statement before you see your scores: 50/),
        'the incomplete message',
      );
      // The keyboard answers: Space picks the focused choice, the arrow moves to the next one.
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowRight');
      assert.equal(
        await statements.nth(0).getByRole('radio', { name: 'Moderately Inaccurate' }).isChecked(),
        true,
      );
      await expectVisible(form.getByText('1 of 50 answered'), 'progress after the keyboard');

      // The rest by pointer: 'Moderately Accurate' everywhere.
      for (let i = 1; i < 50; i++)
        await statements.nth(i).getByRole('radio', { name: 'Moderately Accurate' }).check();
      await expectVisible(form.getByText('50 of 50 answered'), 'all answered');
      await form.getByRole('button', { name: 'See my scores' }).click();
      const scores = page.getByTestId('scores');
      await expectVisible(scores, 'the scores');
      // Focus moves to the new scores for the keyboard.
      await expectVisible(
        page.locator('#personality-scores:focus'),
        'focus on the scores heading after submitting',
      );
      // Extraversion: statement 1 (+) answered 2, four more '+' at 4, five '−' at 4 → 6 − 4 = 2:
      // (2 + 4·4 + 5·2) / 10 = 2.80.
      assert.equal(await page.getByTestId('score-extraversion').innerText(), '2.80 of 5');
      await checkA11y(page, 'the scores');

      // A retake: the history over time shows both.
      await page.getByRole('button', { name: 'Retake the questionnaire' }).click();
      const again = page.getByTestId('personality-form');
      await expectVisible(again.getByText('0 of 50 answered'), 'a fresh questionnaire');
      for (let i = 0; i < 50; i++)
        await again
          .getByRole('group')
          .nth(i)
          .getByRole('radio', { name: 'Neither Accurate Nor Inaccurate' })
          .check();
      await again.getByRole('button', { name: 'See my scores' }).click();
      await expectVisible(
        page.getByTestId('score-extraversion').getByText('3.00 of 5', { exact: true }),
        'the retake scores',
      );
      const history = page.getByTestId('personality-history');
      await expectVisible(history, 'the history');
      assert.match(
        await history.getByRole('row', { name: /Extraversion/ }).innerText(),
        /2\.80\s*\(first time\)[\s\S]*3\.00\s*\(\+0\.20\)/,
      );
      await checkA11y(page, 'the scores with history');

      // The personal model: from the page's own link, with an honest sentence about its data.
      await page.getByRole('link', { name: 'Your personal model' }).click();
      await expectPath(page, '/app/dashboard/insights/personal-model');
      const summary = page.getByTestId('model-summary');
      await expectVisible(
        summary.getByText(/^Not enough data yet: it has learned from 1 journal entry with a mood/),
        'what the model learned from',
      );
      await expectVisible(
        page.locator('[data-mood="happy"]').getByText('Happy'),
        'the Happy words',
      );
      await checkA11y(page, 'the personal model');
    },
  },
];
