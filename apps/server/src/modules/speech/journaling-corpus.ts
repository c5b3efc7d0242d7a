/**
 * Reflective, first-person sentences of the kind people say into a journal: feelings, work,
 * relationships, sleep, gratitude, goals, stress. Written for Kaleido (decision 036) and turned
 * into a small trigram model at start-up (arpa-language-model.ts) that PocketSphinx interpolates
 * with its generic English model, so that this vocabulary and phrasing weigh more without losing
 * the generic model's coverage. One sentence a line; a sentence with a word the dictionary lacks
 * is left out. Measured and not adopted yet (decision 036): switched on in POCKETSPHINX_DEFAULTS.
 */
export const JOURNALING_CORPUS = `
I feel calm this morning and I want to keep that feeling through the day.
Today was harder than I expected and I am tired now.
I woke up early and watched the light come through the window.
I slept badly last night because my mind would not stop racing.
I keep thinking about the conversation I had with my mother.
I am grateful for the small things that went right today.
Work was stressful but I managed to finish the report on time.
I felt anxious before the meeting and then it went better than I feared.
My manager gave me good feedback and I did not know how to take it.
I want to be more patient with myself when I make mistakes.
I am proud of how I handled the argument with my partner.
We talked for a long time and I think we understand each other better now.
I miss my friends from home more than I admit.
I called my sister tonight and we laughed about old stories.
My father seemed tired when I saw him and I am worried about his health.
I need to set better boundaries at work.
I said yes to too many things again this week.
I want to learn to say no without feeling guilty.
I went for a walk after lunch and it cleared my head.
The weather was grey all day and my mood followed it.
I noticed that I feel lighter when I spend time outside.
I am nervous about the interview tomorrow.
I prepared as well as I could and now I have to trust myself.
I did not get the job and I am disappointed.
I am trying to remember that one answer does not define me.
I felt lonely this evening even though the house was full.
I cooked dinner for the family and it felt good to take care of them.
I ate too much sugar today and I could feel it in my energy.
I drank more water today and I had fewer headaches.
I want to go to bed earlier this week.
I stayed up too late watching videos and I regret it.
My sleep has been better since I stopped looking at my phone in bed.
I had a strange dream about my old school.
I woke up at three in the morning and could not fall asleep again.
I feel rested for the first time in weeks.
I am thankful for my health.
I am thankful for my friends who check on me.
I am grateful that my children are happy and safe.
I am grateful for a quiet evening with a good book.
Three things went well today.
The first thing was the talk with my colleague.
The second thing was the run in the park.
The third thing was finishing the painting I started last month.
I am frustrated that nothing seems to change at work.
I feel stuck and I do not know what the next step is.
Maybe I need to ask for help instead of carrying everything alone.
I asked for help today and it was not as hard as I thought.
My friend listened without judging me and that meant a lot.
I felt angry when he interrupted me again.
I should have told him how I felt instead of staying quiet.
Next time I will speak up calmly.
I forgave myself for the mistake I made last week.
I am still sad about the end of the relationship.
Some days I feel fine and other days it hits me again.
I know it will get easier with time.
I want to be kinder to the people around me.
I want to be kinder to myself as well.
My goal for this month is to exercise three times a week.
I went to the gym twice this week and I am happy with that.
I want to read one book every month this year.
I finished the book I was reading and it made me think about my own life.
I want to save more money so that I feel less anxious about the future.
I spent too much money this weekend and I feel bad about it.
I made a plan for my budget and I feel more in control.
I am worried about paying the rent next month.
Work is busy but I am learning a lot.
I enjoyed working with the new team today.
The project is behind schedule and everyone is stressed.
I stayed late at the office again.
I need to stop checking my email in the evening.
I took a real break today and did not think about work at all.
I feel overwhelmed by everything I have to do.
I wrote down my tasks and the list looked smaller on paper.
I did the most important task first and the rest of the day felt easier.
I procrastinated all morning and then rushed in the afternoon.
I want to understand why I avoid the things that matter most.
I think I am afraid of failing.
I think I am afraid of what people will think of me.
Writing this down helps me see things more clearly.
I feel better after writing.
I have been journaling every night for a week now.
I notice patterns in my mood when I read my old entries.
I am usually more anxious on Sunday evenings.
Mondays are hard but they get better after lunch.
I had a good day today.
I had a bad day today but I got through it.
I cried today and I think I needed to.
I laughed so hard that my stomach hurt.
I felt a deep sense of peace while I was sitting by the river.
I meditated for ten minutes this morning.
Breathing slowly helped when I started to panic.
My heart was racing before the presentation.
I felt my shoulders relax when I finally stopped working.
My back hurts from sitting all day.
I want to take better care of my body.
I am learning to listen to what my body needs.
I went to the doctor and the news was good.
I am waiting for test results and it is hard not to worry.
My partner made me breakfast and I felt loved.
We had a small fight about the dishes and then we made up.
I appreciate how patient she is with me.
I appreciate how hard he works for our family.
I want to spend more time with my kids without screens.
We played a game together after dinner and everyone was laughing.
My son told me about his day and I really listened.
My daughter was upset and I did not know how to help her.
I hugged her and that seemed to be enough.
I feel like a better parent when I am rested.
I lost my temper with the kids and I apologized later.
I am proud of my daughter for trying something new.
I visited my grandmother and she told me stories about her childhood.
I feel connected to my family when we share a meal.
I have not talked to my brother in months.
I sent my brother a message today.
He wrote back and we are meeting next week.
I feel hopeful about the future.
I do not feel hopeful today and that is okay.
I am trying to accept my feelings instead of fighting them.
Anxiety is just a feeling and it will pass.
The sadness came and went like a wave.
I feel content with where I am right now.
I am excited about the trip next month.
I am looking forward to seeing my old friends.
I felt jealous when I saw my friend's new house.
I reminded myself that I have my own good things.
Comparing myself to others never makes me happy.
I want to focus on my own path.
I took a small step toward my goal today.
Progress is slow but it is still progress.
I want to change jobs this year.
I updated my resume and sent two applications.
I feel torn between staying safe and trying something new.
I am afraid of change but I am more afraid of staying the same.
I want my work to mean something.
I helped a colleague today and it made me feel useful.
Someone thanked me for my help and I felt seen.
I felt ignored in the meeting.
Nobody listened to my idea and that hurt.
I will bring it up again when the time is right.
I handled a difficult customer with patience.
I am exhausted after a long week.
I am finally on holiday and I can breathe.
I spent the whole day at home and it was exactly what I needed.
I cleaned the house and it made my mind feel clearer.
I bought flowers for the kitchen table.
I listened to music while I cooked and I felt happy.
I went to a concert with my friends and we danced all night.
I felt awkward at the party and left early.
I am an introvert and I need time alone to recharge.
I spent the evening alone and I enjoyed my own company.
I want to make new friends in this city.
I joined a running group and the people were kind.
I want to be more honest about how I feel.
I told my partner that I was struggling.
She held my hand and said we would get through it together.
I feel safe with him.
I trust her more than anyone.
I do not trust myself to make the right decision.
I made a decision today and I feel relieved.
I keep going back and forth about whether to move.
Moving closer to my parents would make life easier in some ways.
I love my home but it is too small for us now.
I am grateful for the roof over my head.
I noticed the birds singing this morning.
It rained all day and I stayed inside with a cup of tea.
The sun came out in the afternoon and I went for a long walk.
Being in nature always calms me down.
I walked by the sea and felt small in a good way.
I want to spend more time outdoors this summer.
Winter is hard for me because the days are so short.
I feel more energy now that spring is here.
I want to write more often.
I want to start painting again.
I played the piano for the first time in years.
I learned something new today and I feel curious.
I am reading about how habits work.
Small habits add up over time.
I want to build a habit of writing every morning.
I missed my morning routine and the whole day felt off.
I got up, made coffee, and sat quietly for a while before work.
I feel scattered and I cannot focus.
I turned off my notifications and I could finally concentrate.
I spent too much time on social media today.
I deleted the app from my phone.
I feel calmer without the news in the morning.
I am worried about the world and I do not know what to do.
I donated to a cause that matters to me.
I volunteered at the shelter and it put my problems in perspective.
I feel lucky.
I feel tired but satisfied.
I feel restless and I do not know why.
I feel numb today.
I feel hurt by what she said.
I feel misunderstood.
I feel appreciated at work this week.
I feel nervous about the doctor's appointment.
I feel proud of myself for keeping my promise.
I feel relieved that the exam is over.
I feel guilty for not calling my mother.
I called my mother and she was happy to hear from me.
I feel like I am finally growing up.
I am learning that it is okay to rest.
Rest is not laziness.
I gave myself permission to do nothing this afternoon.
I am proud that I went to therapy today.
My therapist asked me what I really want.
I did not have an answer yet.
I want to feel at peace with my past.
I still think about what happened when I was young.
I am not the same person I was a year ago.
Looking back at this year, I have changed a lot.
I want next year to be calmer.
My intention for tomorrow is to be present.
Tomorrow I will start the day with a short walk.
Tomorrow I will call the bank and sort out the problem.
Tomorrow I want to finish the presentation.
Before I sleep I want to let go of today.
I am letting go of what I cannot control.
I cannot control what other people think.
I can control how I respond.
I responded calmly today and I am proud of that.
I lost my keys and the whole morning was a mess.
I was late for work and my boss noticed.
I was early for once and it felt great.
I had lunch with a friend I had not seen in a long time.
We talked about our families and our plans.
She is going through a hard time and I want to support her.
I do not know what to say when someone is grieving.
I went to the funeral and I felt the weight of it all day.
I am thinking about how short life is.
I want to spend my time on what matters.
What matters most to me is my family and my health.
I want to be remembered as someone who was kind.
I am trying to be a good friend.
I forgot my friend's birthday and I feel terrible.
I sent her a long message and she forgave me.
I feel close to my friends this week.
I feel distant from everyone lately.
I have been hiding from people because I feel low.
I went out even though I did not want to and I am glad I did.
I feel like myself again.
My energy is low and I need a quiet weekend.
I slept for nine hours and I feel like a new person.
I took a nap in the afternoon and woke up confused.
I had coffee too late and now I cannot sleep.
I am writing this in bed because I cannot sleep.
My thoughts keep going around in circles.
I wrote down what worried me and then it felt smaller.
I am going to try to sleep now.
Good night.
Today I learned to be more patient.
Today I learned that asking questions is not a weakness.
Today I realized that I have been too hard on myself.
Today I realized how much my friends care about me.
This week was a roller coaster.
This week I felt more stable than last week.
This month I want to focus on my health.
This year I want to travel more.
I am happy.
I am sad.
I am angry.
I am scared.
I am calm.
I am okay.
I am not okay today.
I am doing my best.
I did my best today and that is enough.
My chest felt tight all afternoon.
I think the stress at work is affecting my sleep.
I noticed I was holding my breath while I read the email.
I took a deep breath and answered it later.
The deadline moved and I could finally relax a little.
I want to stop apologizing for things that are not my fault.
I felt respected in the meeting today.
I spoke up and people listened.
I was too tired to cook so we ordered food.
I went to bed without brushing my teeth because I was so tired.
I am grateful for my neighbor who helped with the groceries.
I am grateful for the teacher who believed in me.
I am grateful for coffee.
I am grateful that I can work from home on Fridays.
My goal is to walk ten thousand steps every day.
I reached my goal three days in a row.
I did not reach my goal this week and I want to understand why.
My plan is to wake up at six and write for half an hour.
I want to learn a new language this year.
I practiced Spanish for twenty minutes.
I want to get better at listening.
I interrupted my friend twice and I noticed it.
My partner and I planned a weekend away.
We have been together for five years now.
I love the way he laughs.
I miss her when she travels for work.
We do not agree about money and it causes tension.
We sat down and talked about our budget calmly.
I feel closer to my partner after our talk.
I feel like we are growing apart.
I want us to spend more time together.
I felt happy when my friend called out of the blue.
My best friend is moving away and I am sad about it.
I am nervous about meeting his parents.
The dinner with his parents went well.
My mother and I argued on the phone.
I wish my father would tell me he is proud of me.
I am trying to understand my parents as people.
My kids were loud all day and I needed a moment of quiet.
I took the kids to the park and we fed the ducks.
I am worried about my son's grades.
I talked to his teacher and I feel better about it.
I woke up feeling anxious for no reason.
The anxiety faded after I went outside.
I had a panic attack on the train.
I sat down, breathed slowly, and it passed.
I feel safe now.
I feel stronger than I did a month ago.
I want to trust the process.
I want to slow down.
I rushed through the whole day and I barely remember it.
I want to notice the good moments more.
The best moment of today was the sunset.
The hardest moment of today was saying goodbye at the airport.
I felt a little homesick tonight.
I am starting to feel at home in this new place.
I want to celebrate small wins.
I finished a hard task and I celebrated with a walk.
I am still learning how to be gentle with myself.
`
  .split('\n')
  .map((line) => line.trim())
  .filter(Boolean);
