import type { AnalysedItemsRepository } from './analysed-items.repository';
import type { DisputesRepository } from './disputes.repository';
import { emptyModel, isMoodModel, trainModel, type MoodModel } from './personal-model';
import type { PersonalModelRepository } from './personal-model.repository';

export type PersonalModelLearning = ReturnType<typeof createPersonalModelLearning>;

/**
 * The person's mood model as kept (personal-model.ts computes it): read, and learned again from
 * their own journal moods whenever a mood or a dispute changes what it may learn from.
 */
export function createPersonalModelLearning(deps: {
  items: Pick<AnalysedItemsRepository, 'moodSamples'>;
  disputes: Pick<DisputesRepository, 'disputesOf'>;
  models: PersonalModelRepository;
  now: () => Date;
}) {
  return {
    async modelOf(userId: string): Promise<MoodModel> {
      const row = await deps.models.findModel(userId);
      return row && isMoodModel(row.model) ? row.model : emptyModel();
    },

    /** Relearns the person's mood model from their own journal moods, minus disputed words. */
    async retrain(userId: string): Promise<MoodModel> {
      const [samples, disputes] = await Promise.all([
        deps.items.moodSamples(userId),
        deps.disputes.disputesOf(userId),
      ]);
      const excluded = new Set(disputes.flatMap((d) => d.words.map((w) => w.toLowerCase())));
      const model = trainModel(
        samples.flatMap((s) => (s.mood ? [{ mood: s.mood, terms: s.terms }] : [])),
        excluded,
      );
      await deps.models.saveModel(userId, model, model.entries, deps.now());
      return model;
    },
  };
}
