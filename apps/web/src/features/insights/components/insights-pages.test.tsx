import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PersonalModel } from '@kaleido/shared/insights/personal-model.schemas';
import {
  PERSONALITY_ATTRIBUTION,
  PERSONALITY_CAVEATS,
  PERSONALITY_INSTRUCTIONS,
  PERSONALITY_ITEMS,
  PERSONALITY_SCALE,
  scorePersonality,
  type PersonalityOverview,
} from '@kaleido/shared/insights/personality';
import { insightPageKeys } from '../api/insights-pages-requests';
import { PersonalModelScreen } from './personal-model-screen';
import { insightKeys } from '../api/insights-requests';
import { InsightDetailScreen } from './insight-detail-screen';
import { PersonalityScreen } from './personality-screen';

const nth = (list: HTMLElement[], index: number): HTMLElement => {
  const element = list[index];
  if (!element) throw new Error(`no element ${index}`);
  return element;
};

/** The screens render what the server answered; the cache is filled as a fetch would. */
function withData(key: readonly unknown[], data: unknown, children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(key, data);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const overview = (over: Partial<PersonalityOverview> = {}): PersonalityOverview => ({
  instructions: PERSONALITY_INSTRUCTIONS,
  scale: [...PERSONALITY_SCALE],
  items: [...PERSONALITY_ITEMS],
  attribution: PERSONALITY_ATTRIBUTION,
  caveats: PERSONALITY_CAVEATS,
  results: [],
  styleIndicators: {
    tentative: true,
    status: 'not_enough_data',
    n: 2,
    minimum: 10,
    indicators: [],
    caveat: 'Style, not personality.',
  },
  ...over,
});

describe('PersonalityScreen', () => {
  it('offers 50 statements with five choices each, counts progress and refuses an incomplete submission', () => {
    withData(insightPageKeys.personality, overview(), <PersonalityScreen />);
    const groups = screen.getAllByRole('group');
    expect(groups).toHaveLength(50);
    expect(within(nth(groups, 0)).getAllByRole('radio')).toHaveLength(5);
    expect(screen.getByText('0 of 50 answered')).toBeTruthy();

    fireEvent.click(within(nth(groups, 0)).getByLabelText('Very Accurate'));
    expect(screen.getByText('1 of 50 answered')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'See my scores' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Answer every statement before you see your scores: 49 statements left (number 2, 3, 4, 5, 6 and 44 more).',
    );
    // Focus goes to the first statement left, so the keyboard continues there.
    expect(document.activeElement).toBe(within(nth(groups, 1)).getAllByRole('radio')[0]);
    expect(screen.getByTestId('personality-attribution').textContent).toMatch(/Goldberg/);
    expect(screen.getByTestId('personality-caveats').textContent).toMatch(/not a diagnosis/);
  });

  it('keeps the answers given so far through a reload', () => {
    sessionStorage.clear();
    const first = withData(insightPageKeys.personality, overview(), <PersonalityScreen />);
    for (const index of [0, 1, 2])
      fireEvent.click(
        within(nth(screen.getAllByRole('group'), index)).getByLabelText('Very Accurate'),
      );
    expect(screen.getByText('3 of 50 answered')).toBeTruthy();
    first.unmount();

    withData(insightPageKeys.personality, overview(), <PersonalityScreen />);
    expect(screen.getByText('3 of 50 answered')).toBeTruthy();
    const second = within(nth(screen.getAllByRole('group'), 1)).getByLabelText('Very Accurate');
    expect((second as HTMLInputElement).checked).toBe(true);
    sessionStorage.clear();
  });

  it('shows the latest scores, the history over time, a retake and tentative style indicators', () => {
    const high = PERSONALITY_ITEMS.map((item) => (item.keyed === '+' ? 5 : 1));
    const middle = PERSONALITY_ITEMS.map(() => 3);
    withData(
      insightPageKeys.personality,
      overview({
        results: [
          { id: 'b', takenAt: '2026-11-20T10:00:00.000Z', scores: scorePersonality(high) },
          { id: 'a', takenAt: '2026-10-01T10:00:00.000Z', scores: scorePersonality(middle) },
        ],
        styleIndicators: {
          tentative: true,
          status: 'ok',
          n: 14,
          minimum: 10,
          indicators: [
            {
              marker: 'absolutist',
              label: 'Absolutist words',
              estimate: 1.25,
              low: 0.5,
              high: 2,
              words: ['always'],
              note: 'May go with all-or-nothing thinking.',
            },
          ],
          caveat: 'Style, not personality.',
        },
      }),
      <PersonalityScreen />,
    );
    expect(screen.getByTestId('score-extraversion').textContent).toBe('5.00 of 5');
    const history = screen.getByTestId('personality-history');
    expect(within(history).getAllByRole('row')).toHaveLength(6);
    expect(within(history).getByRole('row', { name: /Extraversion/ }).textContent).toMatch(
      /3\.00 \(first time\)5\.00 \(\+2\.00\)/,
    );
    const style = screen.getByTestId('style-indicators');
    expect(style.textContent).toMatch(/tentative/);
    expect(style.textContent).toMatch(/Absolutist words: 1\.3 \(95% interval 0\.5–2\.0\)/);

    fireEvent.click(screen.getByRole('button', { name: 'Retake the questionnaire' }));
    expect(screen.getAllByRole('group')).toHaveLength(50);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('scores')).toBeTruthy();
  });
});

describe('PersonalModelScreen', () => {
  const model: PersonalModel = {
    status: 'not_enough_data',
    entriesLearnedFrom: 2,
    vocabularySize: 9,
    minimumEntries: 5,
    perMood: { happy: 2, excited: 0, neutral: 0, sad: 0, angry: 0 },
    topWords: [{ mood: 'happy', words: [{ word: 'sun', weight: 1 }] }],
    itemsEstimated: 0,
    disputes: [],
    updatedAt: null,
  };

  it('shows its top words per mood and says honestly when it has too little data', () => {
    withData(insightPageKeys.model, model, <PersonalModelScreen />);
    expect(screen.getByTestId('model-summary').textContent).toMatch(
      /^Not enough data yet: it has learned from 2 journal entries/,
    );
    const happy = screen.getByRole('list', { name: 'Happy words' });
    expect(within(happy).getByText('sun')).toBeTruthy();
  });

  it('says there is nothing yet when no mood was recorded', () => {
    withData(
      insightPageKeys.model,
      {
        ...model,
        entriesLearnedFrom: 0,
        perMood: { happy: 0, excited: 0, neutral: 0, sad: 0, angry: 0 },
        topWords: [],
      },
      <PersonalModelScreen />,
    );
    expect(screen.getByText(/Record a mood when you write a journal entry/)).toBeTruthy();
  });
});

describe('InsightDetailScreen', () => {
  const detail = { analysisEnabled: true, cards: [], method: 'How it is done.', caveats: [] };

  it('offers Day, Week and Month where the cards follow them', () => {
    withData(
      insightKeys.detail('mood_trend', undefined),
      detail,
      <InsightDetailScreen kind="mood_trend" />,
    );
    for (const name of ['Day', 'Week', 'Month'])
      expect(screen.getByRole('link', { name })).toBeTruthy();
  });

  it('offers no period switch on the weekly reflection, which is always a week', () => {
    withData(
      insightKeys.detail('weekly_reflection', undefined),
      detail,
      <InsightDetailScreen kind="weekly_reflection" />,
    );
    expect(screen.getByText('How it is done.')).toBeTruthy();
    for (const name of ['Day', 'Week', 'Month'])
      expect(screen.queryByRole('link', { name })).toBeNull();
  });
});
