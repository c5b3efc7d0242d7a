import { EMOTIONS, type Emotion } from '@kaleido/shared/insights/insights.constants';

/**
 * Kaleido's own emotion lexicon: common English words (base forms; a text's words are looked up
 * as written and by their lemma) and the emotions they usually carry, over the fixed set of eight.
 * Written for this project from everyday usage — NOT derived from NRC EmoLex, whose licence
 * forbids commercial use. A word may carry more than one emotion ("nervous": fear and
 * anticipation). Kept as plain word lists so a reviewer can read and argue with every entry.
 */
const WORDS: Record<Emotion, string> = {
  joy: `
    happy happiness happily glad joy joyful joyous delight delighted delightful cheerful cheer
    pleased pleasure pleasant enjoy enjoyable enjoyed fun funny laugh laughter smile smiling grin
    love loved lovely loving adore wonderful great amazing awesome fantastic brilliant excellent
    good nice beautiful gorgeous proud pride grateful gratitude thankful thanks blessed lucky
    celebrate celebration party win won victory success successful accomplish accomplished
    achievement achieve thrilled elated ecstatic euphoric bliss blissful content contented
    satisfied satisfying fulfilled fulfilling hope hopeful optimistic upbeat excited exciting
    excitement fun-filled playful warm warmth hug kiss friend friendship together kind kindness
    sunshine sunny bright treasure precious gift hooray yay wow best better improve improved
    inspired inspiring inspiration energised energized alive free freedom relief relieved
    appreciate appreciated admire cherish sweet cozy cosy yummy delicious tasty`,
  sadness: `
    sad sadness sadly unhappy sorrow sorrowful grief grieve grieving mourn mourning cry crying
    tears tear weep sob lonely loneliness alone isolated isolation miss missing lost loss
    heartbroken heartbreak broken hurt hurting pain painful ache aching depressed depression
    depressing    gloomy gloom miserable misery hopeless hopelessness despair
    disappointed disappointment disappointing regret sorry guilt guilty shame ashamed empty
    emptiness numb tired exhausted exhaustion drained weary fatigue worthless useless failure
    fail failed rejected rejection abandoned abandon neglected unloved unwanted goodbye farewell
    funeral death die died dead dying sick illness ill gone leaving apart divorce
    breakup dumped bad awful terrible horrible worse worst dull bleak grey gray melancholy
    homesick nostalgic wistful defeated discouraged downhearted crushed devastated tragic
    tragedy suffer suffering struggle struggling`,
  anger: `
    angry anger mad furious fury rage raging enraged irritated irritating irritation annoyed
    annoying annoyance frustrated frustrating frustration resent resentment resentful bitter
    bitterness hate hated hatred hostile hostility outraged outrage livid fuming cross grumpy
    cranky snap snapped yell yelled yelling shout shouted shouting scream screamed argue argued
    argument fight fought fighting quarrel conflict blame blamed unfair unjust injustice betray
    betrayed betrayal insult insulted disrespect disrespected offended offend rude jealous
    jealousy envy envious spite revenge punish attack attacked violent violence aggressive
    aggression abuse abusive cheat cheated lie lied liar stupid idiot ridiculous pissed
    infuriating infuriated exasperated impatient hostile provoke provoked sick-of fed-up
    complain complaint tension tense stubborn defensive criticise criticize criticised criticized
    slam slammed destroy ruin ruined`,
  fear: `
    afraid fear fearful scared scary frightened frightening terrified terror terrifying panic
    panicked anxious anxiety worry worried worrying nervous nerves uneasy unease dread dreading
    dreadful apprehensive tense stress stressed stressful overwhelmed overwhelming insecure
    insecurity threat threatened threatening danger dangerous risk risky unsafe vulnerable
    helpless trapped alarm alarmed alarming horror horrified nightmare phobia shaky shaking
    tremble trembling shiver paranoid suspicious doubt doubtful uncertain uncertainty unsure
    hesitant timid shy embarrassed embarrassing awkward pressure deadline exam interview
    emergency accident hospital disease cancer lose losing crisis attack chaos chaotic
    catastrophe disaster doom overthink overthinking restless sleepless insomnia careful cautious
    avoid avoided hide hiding`,
  calm: `
    calm calmly calmer peace peaceful peacefully relaxed relax relaxing relaxation rested
    restful quiet quietly stillness serene serenity tranquil tranquillity tranquility
    gentle gently soothing soothe soothed comfort comfortable comforting cosy cozy safe secure
    steady stable balanced balance centered centred grounded mindful mindfulness meditate
    meditation breathe breathing slow slowly easy ease eased settled patient patience content
    unhurried leisurely             
      soft softly warm accept acceptance okay ok fine alright harmony harmonious
    composed collected reassured reassuring refreshed renewed restored recharge recharged
    unwind unwound cosiness lazy chill chilled quietude simple simplicity`,
  surprise: `
    surprise surprised surprising surprisingly shock shocked shocking astonished astonishing
    amazed amazing astounded stunned startled sudden suddenly unexpected unexpectedly
    unbelievable incredible wow whoa omg speechless unforeseen twist bizarre strange strangely
    weird odd curious curiosity wonder wondered puzzled confused confusing bewildered baffled
    realise realised realize realized discover discovered discovery reveal revealed revelation
    finally news announce announced random coincidence mysterious mystery jaw-dropping
    eye-opening remarkable extraordinary unusual rare spontaneous abrupt abruptly`,
  disgust: `
    disgust disgusted disgusting gross revolting repulsive repulsed nasty vile sick sickening
    nauseous nausea nauseating yuck eww filthy filth dirty foul rotten stink stinks stinking
    smelly creepy creep ugly hideous horrid loathe loathing despise despicable contempt
    contemptuous appalled appalling offensive obscene sleazy slimy greasy toxic poison
    poisonous vomit puke mould mold mess messy cringe cringey cringy distasteful unpleasant
    repugnant shameful corrupt hypocrite hypocrisy fake phony phoney pathetic`,
  anticipation: `
    anticipate anticipation expect expecting expectation await awaiting wait waiting soon
    tomorrow upcoming future plan planned planning plans prepare preparing ready eager eagerly
    looking-forward forward hope hoping hopeful wish wishing want goal goals aim dream dreaming
    intend intention ambition ambitious excited excitement curious countdown schedule scheduled
    trip holiday vacation weekend travel journey start starting begin beginning new launch
    project deadline interview exam appointment wedding birthday soon-to-be
    nervous impatient can't-wait cannot-wait imagine imagining predict prospect possibility
    opportunity chance promise promising next later someday eventually pending prepare
    preparation practise practice rehearse rehearsal`,
};

/** word → the emotions it carries. */
export const EMOTION_LEXICON: ReadonlyMap<string, readonly Emotion[]> = (() => {
  const map = new Map<string, Emotion[]>();
  for (const emotion of EMOTIONS) {
    for (const word of WORDS[emotion].split(/\s+/)) {
      if (!word) continue;
      const key = word.replace(/-/g, ' ');
      const list = map.get(key) ?? [];
      if (!list.includes(emotion)) list.push(emotion);
      map.set(key, list);
    }
  }
  return map;
})();

export function emotionsOf(word: string): readonly Emotion[] {
  return EMOTION_LEXICON.get(word) ?? [];
}
