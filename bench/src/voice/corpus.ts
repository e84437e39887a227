/**
 * The voice benchmark's own people: five Farcaster-like users, each with a distinct, steady style
 * (length, casing, emoji, punctuation, topics), their top-level casts and their replies (the cast they
 * answered, by a generic account, and what they wrote). Written for the bench: the local network's
 * seeded sample users have no replies, and changing them would change every sample twin.
 */

export interface CorpusReply {
  /** The cast they answered (a generic account's). */
  parent: string;
  /** What they wrote back. */
  reply: string;
}

/** A reply of the twin's that its owner rewrote on Activity ("how I'd say it"). */
export interface OwnerRewrite {
  /** The stranger's question that tagged the twin. */
  parent: string;
  /** How the owner would say it. */
  reply: string;
  /** The held-out question it asks again in other words, or null when it is on something else. */
  like: string | null;
}

export interface CorpusUser {
  username: string;
  displayName: string;
  /** Their top-level casts, oldest first. */
  casts: readonly string[];
  /** Their replies, oldest first. */
  replies: readonly CorpusReply[];
  /**
   * The phrases they save on Your twin (their sayings, in their own words), for the bench's "owner's
   * edits" stage: written from their training material alone.
   */
  phrases: readonly string[];
  /**
   * What they write on Activity when strangers ask their twin these, for the bench's "owner's
   * rewrites" stage: people are asked the same things again, so two ask a held-out question in other
   * words and one asks something else. Written from their training material and the held-out
   * questions alone, never from a held-out reply (what the twin is scored against).
   */
  rewrites: readonly OwnerRewrite[];
}

/** mara: lowercase, short, an emoji in most casts, no full stops; coffee, her garden, sourdough. */
const mara: CorpusUser = {
  username: 'mara-grows',
  displayName: 'mara',
  casts: [
    'first tomatoes of the season are finally blushing 🍅',
    'pulled a loaf this morning and the crumb is so open i could cry 🥖',
    'cold brew steeping overnight, tomorrow me will be grateful ☕',
    'the basil is taller than the cat now 🌿',
    'my starter doubled in four hours, she is thriving',
    'pour over with a light ethiopian, tastes like blueberries honestly ☕',
    'aphids found the kale again 😤',
    'rainy sunday = bake day 🥖',
    'compost is finally warm in the middle, tiny victories 🌱',
    'grind finer if your espresso runs fast, that is the whole secret',
    'sourdough discard crackers with rosemary, zero waste and very crunchy',
    'planted garlic today, see you in july 🧄',
    'oat milk foams better when it is really cold, learned that the hard way ☕',
    'the zucchini plant is trying to take over the whole bed 🌱',
    'scored my loaf with a wheat pattern and it actually held 🥖',
    'morning routine: water the beds, feed the starter, coffee, in that order',
    'seed catalog arrived and i already want everything 🌱',
    'high hydration dough is just wet chaos that turns into bread',
    'my neighbour gave me a fig cutting and i am so excited 🌿',
    'decaf after 3pm, i am not a monster ☕',
    'mulch your beds before the heat, the soil will thank you',
    'bread flour vs all purpose matters more than people think 🥖',
    'harvested the last peppers before the frost 🌶️',
    'aeropress on the balcony while the sun comes up ☕',
    'the garden is asleep for winter so now i bake twice as much 🥖',
  ],
  replies: [
    {
      parent: 'what coffee are you drinking this week?',
      reply: 'a washed kenyan, super bright, kind of like grapefruit ☕',
    },
    {
      parent: 'my sourdough keeps coming out flat, any idea why?',
      reply: 'probably underproofed, give it more time somewhere warm 🥖',
    },
    {
      parent: 'is it too late to plant tomatoes in june?',
      reply: 'not if you pick a fast variety, cherry ones are forgiving 🍅',
    },
    {
      parent: 'how do you keep a starter alive on vacation?',
      reply: 'feed it thick and put it in the fridge, she will sulk but live',
    },
    { parent: 'what do you put in your garden first in spring?', reply: 'peas and spinach, they love the cold 🌱' },
    { parent: 'espresso or pour over?', reply: 'pour over on weekdays, espresso when i need a hug ☕' },
    { parent: 'best way to deal with slugs?', reply: 'beer traps and patience, they are relentless 😤' },
    { parent: 'do you use a dutch oven for bread?', reply: 'yes always, the steam makes the crust 🥖' },
    { parent: 'how often do you water raised beds in summer?', reply: 'every morning when it is hot, deep not often' },
    {
      parent: 'what is the best bread for beginners?',
      reply: 'a simple same day loaf with yeast, then move to sourdough 🥖',
    },
    {
      parent: 'any tips for growing herbs indoors?',
      reply: 'south window and do not overwater, basil hates wet feet 🌿',
    },
    { parent: 'what grinder do you use?', reply: 'a hand grinder, slow but the coffee tastes better for it ☕' },
    { parent: 'does compost smell bad?', reply: 'only if it is too wet, add more dry leaves' },
    {
      parent: 'what is your favourite thing to bake?',
      reply: 'focaccia with whatever is growing, right now rosemary 🌿',
    },
    { parent: 'how do you store your coffee beans?', reply: 'airtight jar, dark cupboard, never the fridge ☕' },
    { parent: 'what should i plant in the shade?', reply: 'lettuce and mint do fine in the shade 🌱' },
    { parent: 'how long do you proof your dough?', reply: 'overnight in the fridge, it tastes better slow 🥖' },
    { parent: 'milk in coffee, yes or no?', reply: 'oat milk in the morning, black in the afternoon ☕' },
    { parent: 'what are you harvesting right now?', reply: 'beans and the last of the zucchini 🌱' },
    { parent: 'any good weekend plans?', reply: 'bake, garden, nap, repeat 🥖' },
  ],
  phrases: [
    'feed the starter before you feed yourself 🥖',
    'slow is always better, dough and coffee both ☕',
    'water deep, not often, the garden knows 🌱',
  ],
  rewrites: [
    {
      parent: 'what are you up to this weekend?',
      reply: 'bake day if it rains, garden day if it does not, coffee either way ☕',
      like: 'any good weekend plans?',
    },
    {
      parent: 'easiest bread to start with if i have never baked?',
      reply: 'focaccia, it is forgiving and you cannot really mess up the shape 🥖',
      like: 'what is the best bread for beginners?',
    },
    {
      parent: 'what do you do with all the zucchini?',
      reply: 'fritters, zucchini bread and giving it to the neighbours until they hide 🌱',
      like: null,
    },
  ],
};

/** Devon: sentence case, long and precise, full stops and commas, no emoji; Rust, Postgres, indexers. */
const devon: CorpusUser = {
  username: 'devon-builds',
  displayName: 'Devon',
  casts: [
    'Spent the morning profiling our indexer. Turns out 70% of the time was JSON parsing, not Postgres.',
    'Rewrote the hot loop in Rust and the p99 dropped from 40 ms to 6 ms. Worth it.',
    'Postgres tip: a partial index on the rows you actually query beats a bigger machine every time.',
    'Reading the Tokio source again. The scheduler is more elegant than I remembered.',
    'If your migration takes a lock on a big table in production, you will learn about it at 3 am.',
    'Shipped backfill for the indexer today. It resumes from the last block, so a crash costs nothing.',
    'The borrow checker is not your enemy. It is a very strict code reviewer that never gets tired.',
    'EXPLAIN ANALYZE before you add an index. Guessing is how you end up with twelve unused ones.',
    'Our event indexer now handles reorgs by keeping the last 64 blocks in a side table.',
    'Connection pools are a budget. Size them for what Postgres can do, not for what the app wants.',
    'Spent an hour on a bug that was a missing await. Every language has its own footguns.',
    'Batched inserts with unnest instead of one statement per row. Ten times faster, same code size.',
    'Good error messages are a feature. Nobody reads the docs when production is on fire.',
    'Trying out sqlx with compile-time checked queries. Slower builds, fewer surprises.',
    'A queue in Postgres is fine until it is not, and for most teams it is fine for years.',
    'The indexer caught up with mainnet head for the first time this week. Quietly proud.',
    'Wrote a small property test for our block parser and it found two bugs in ten minutes.',
    'Vacuum is not optional. Autovacuum settings deserve as much thought as your schema.',
    'Rust compile times are the tax you pay for sleeping well after deploys.',
    'Logs with request ids saved us again today. Structured logging is cheap insurance.',
    'Idempotency keys on every write. Retries happen whether you plan for them or not.',
    'Moved our cursor pagination to keyset. Deep pages went from seconds to milliseconds.',
    'Benchmarks without a baseline are just numbers. Always measure the boring version too.',
    'Upgraded to Postgres 17 on staging. The vacuum improvements alone are worth it.',
    'The best indexer is the one that can be rebuilt from scratch in an afternoon.',
  ],
  replies: [
    {
      parent: 'is rust worth learning in 2025?',
      reply: 'Yes, if you write services that must not fall over. The first month is hard, then it pays you back.',
    },
    {
      parent: 'why is my postgres query so slow?',
      reply: 'Run EXPLAIN ANALYZE first. Nine times out of ten it is a sequential scan on a table that needs an index.',
    },
    {
      parent: 'how do you handle chain reorgs in an indexer?',
      reply: 'Keep the last few blocks in a side table and roll back when a parent hash does not match.',
    },
    {
      parent: 'go or rust for a new backend?',
      reply: 'Go if the team needs to ship next month. Rust if correctness matters more than speed of hiring.',
    },
    {
      parent: 'should i use an orm?',
      reply: 'A query builder, yes. A heavy ORM hides exactly the queries you will need to tune later.',
    },
    {
      parent: 'what database would you pick for a side project?',
      reply: 'Postgres, every time. It does queues, search and JSON well enough that you rarely need anything else.',
    },
    {
      parent: 'how big should my connection pool be?',
      reply: 'Smaller than you think. Start near twice the cores of the database server and measure.',
    },
    {
      parent: 'any advice for a first production deploy?',
      reply: 'Have a rollback plan, structured logs and one dashboard you trust. Everything else can wait.',
    },
    {
      parent: 'what are you building this week?',
      reply: 'Reorg handling for our indexer, and a backfill that can resume from the last block it wrote.',
    },
    {
      parent: 'tabs or spaces?',
      reply: 'Whatever the formatter says. The best style debate is the one a tool ends for you.',
    },
    {
      parent: 'how do you test database code?',
      reply: 'Against a real Postgres in a container. Mocks tell you nothing about locks or constraints.',
    },
    {
      parent: 'is graphql worth it?',
      reply: 'For a public API with many clients, maybe. For one app and one team, plain endpoints are simpler.',
    },
    {
      parent: 'what is the hardest bug you fixed recently?',
      reply: 'A race between two workers claiming the same job. An advisory lock fixed it in three lines.',
    },
    { parent: 'favourite rust crate?', reply: 'Tokio, and sqlx close behind. Both have source code worth reading.' },
    {
      parent: 'how do you keep an indexer fast?',
      reply: 'Batch the writes, keep the hot path free of JSON parsing, and index only what you query.',
    },
    {
      parent: 'do you write tests first?',
      reply: 'For parsers and anything with money, yes. For exploratory code, after it settles.',
    },
    {
      parent: 'what do you think of serverless?',
      reply: 'Great for spiky work. Painful for anything that holds connections to Postgres.',
    },
    {
      parent: 'how do you learn a new codebase?',
      reply: 'Read the tests, then follow one request from the edge to the database.',
    },
    {
      parent: 'best way to paginate a big table?',
      reply: 'Keyset pagination on an indexed column. Offsets get slower with every page.',
    },
    {
      parent: 'any plans for the weekend?',
      reply: 'Mostly reading the Postgres release notes, to be honest. Maybe a long walk.',
    },
  ],
  phrases: [
    'Measure first. Guessing is not a strategy.',
    'Postgres is usually enough. Reach for it first.',
    'Boring systems you can rebuild in an afternoon win.',
  ],
  rewrites: [
    {
      parent: 'Weekend plans?',
      reply:
        "A few hours away from the keyboard, then maybe an hour on the indexer's property tests. Nothing ambitious.",
      like: 'any plans for the weekend?',
    },
    {
      parent: 'ORM or raw SQL for a new project?',
      reply:
        'Plain SQL with sqlx for anything hot. An ORM is fine for CRUD, but read the queries it writes with EXPLAIN ANALYZE.',
      like: 'should i use an orm?',
    },
    {
      parent: 'how do you run migrations without downtime?',
      reply:
        'Small steps. Add the column, backfill in batches, then add the constraint. Never lock a big table in one go.',
      like: null,
    },
  ],
};

/** kai: hype, exclamation marks, CAPS words and rocket emoji; onchain, Base, memecoins, degen life. */
const kai: CorpusUser = {
  username: 'kai-onchain',
  displayName: 'KAI',
  casts: [
    'Base is SO back!!! gas under a cent and blocks flying 🚀',
    'just minted my 100th onchain thing this month LFG 🔥',
    'memecoin szn is not over, it is just getting started!! 🚀🚀',
    'bridged to Base in 30 seconds, the future is HERE 🔥',
    'new wallet who dis 😎',
    'gm to everyone building onchain!!! ☀️',
    'aped into a frog coin at 2am, no regrets (some regrets) 🐸',
    'onchain summer never ended for me LFG!!! 🔥',
    'the vibes on Base today are IMMACULATE 🚀',
    'just deployed my first contract and it WORKED first try?!? 🤯',
    'if you are not onchain yet what are you even doing!! 🚀',
    'degen tip: never ape more than you can laugh about losing 😂',
    'NFT mint sold out in 4 minutes LETS GOOO 🔥🔥',
    'wagmi. always wagmi 🫡',
    'chart looking like a rocket today, not financial advice 🚀',
    'Base frames are the most fun thing on farcaster rn!!',
    'woke up, checked the wallet, went back to sleep 😂',
    'new memecoin drops every hour and I love it here 🐸',
    'onchain identity is going to be HUGE, mark my words 🔥',
    'zora mints all day, every day!! 🎨',
    'gas fees on mainnet made me cry, Base made me smile 🚀',
    'rug pulled again lol, back to building 😤',
    'tipping everyone degen today because the vibes are GOOD 🎩',
    'the next billion users are coming onchain and they will use Base 🚀',
    'LFG into the weekend!!! 🔥🔥🔥',
  ],
  replies: [
    { parent: 'what chain are you building on?', reply: 'BASE obviously!! cheap, fast and the community is unreal 🚀' },
    { parent: 'is the memecoin market dead?', reply: 'DEAD?? it is just warming up fren 🐸🔥' },
    {
      parent: 'how do i get started onchain?',
      reply: 'get a wallet, bridge a little to Base, mint something fun!! 🚀',
    },
    { parent: 'what did you mint today?', reply: 'three zora mints and a frog, as one does 🐸' },
    { parent: 'bear market or bull market?', reply: 'ALWAYS bull market in my heart 🚀🔥' },
    { parent: 'any alpha for us?', reply: 'the alpha is showing up every day and building!! not financial advice 😎' },
    { parent: 'how much did you lose on that rug?', reply: 'enough to laugh about, not enough to cry 😂' },
    { parent: 'what is your favourite farcaster frame?', reply: 'anything with a mint button on Base tbh!! 🔥' },
    { parent: 'gm!', reply: 'GM GM!!! LFG today ☀️🚀' },
    {
      parent: 'should i buy eth or a memecoin?',
      reply: 'eth for the bag, memecoin for the fun, never more than you can lose!! 🐸',
    },
    { parent: 'are nfts still a thing?', reply: 'onchain art is more alive than EVER 🎨🔥' },
    { parent: 'what is your wallet setup?', reply: 'hot wallet for degen stuff, hardware wallet for the bag 😎' },
    { parent: 'why base over solana?', reply: 'Base has the vibes AND the ethereum security 🚀' },
    { parent: 'what do you do when the market dumps?', reply: 'zoom out, touch grass, keep building!! 🌱' },
    {
      parent: 'who should i follow on farcaster?',
      reply: 'anyone shipping onchain stuff on Base, they are the best!! 🔥',
    },
    { parent: 'is gas expensive right now?', reply: 'on Base? under a cent fren!! 🚀' },
    { parent: 'what are you building?', reply: 'a tiny memecoin game on Base, launching SOON 🐸🔥' },
    { parent: 'how do you find new coins?', reply: 'farcaster channels and onchain explorers all day 😎' },
    { parent: 'best advice for a new degen?', reply: 'never ape what you cannot laugh about losing!! 😂' },
    { parent: 'weekend plans?', reply: 'minting and touching grass, in that order 🚀' },
  ],
  phrases: ['gm fren, LFG today!!! 🚀', 'Base is the future, mark my words 🔥', 'not financial advice, just vibes 😎'],
  rewrites: [
    {
      parent: 'what are you up to this weekend?',
      reply: 'zora mints and finishing the frog game, LFG!!! 🐸🔥',
      like: 'weekend plans?',
    },
    {
      parent: 'are we in a bull run or a bear rn?',
      reply: 'BULL obviously!! onchain never sleeps fren, not financial advice 🚀',
      like: 'bear market or bull market?',
    },
    {
      parent: 'what is your favourite nft you own?',
      reply: 'a tiny pixel frog from my very first zora mint, would NEVER sell 🐸🎨',
      like: null,
    },
  ],
};

/** Priya: sentence case, medium length, thoughtful, em dashes and questions back; design, type, UX. */
const priya: CorpusUser = {
  username: 'priya-designs',
  displayName: 'Priya',
  casts: [
    'Good onboarding asks one question at a time — and explains why it is asking.',
    'Spent the day kerning a logo. Nobody will notice, which is exactly the point.',
    'Why do so many apps hide the most important button behind a menu?',
    'Typography is 90% of a reading experience — and most of it is line length.',
    'Empty states are a chance to teach, not a place to apologise.',
    'Tested our checkout with five people today. Three of them missed the same link.',
    'A design system is a set of decisions, not a Figma file.',
    'Contrast is accessibility — and accessibility is just good design for everyone.',
    'I keep coming back to Inter for interfaces. Boring in the best way.',
    'The best microcopy sounds like a helpful person, not a legal document.',
    'Dark mode is not inverted colours — it is a second palette with its own rules.',
    'Sketching on paper before opening Figma saves me hours every week.',
    'What is the one app whose onboarding you actually enjoyed?',
    'Motion should explain where things come from — not just decorate.',
    'User interviews beat analytics when you want to know why.',
    'Redesigned our settings page around what people actually change. Half the options went away.',
    'A 16 px base font size should not be a debate in 2025.',
    'Serif headlines with a sans body — still the pairing I trust most.',
    'Designing for mini apps means designing for a thumb and a small screen first.',
    'Every modal is a small interruption. Do you really need this one?',
    'Loading states are part of the design — skeletons over spinners, most of the time.',
    'Good error messages say what happened and what to do next.',
    'I love a tight grid. It makes every later decision easier.',
    'Color palettes are easier when you start with the grays.',
    'The best design feedback starts with the goal, not with taste.',
  ],
  replies: [
    {
      parent: 'what font should i use for my app?',
      reply: 'Start with Inter or the system font — readable, free and boring in the best way.',
    },
    {
      parent: 'how do you run a user interview?',
      reply: 'Ask about the last time they did the task — stories, not opinions. What would you ask first?',
    },
    {
      parent: 'is figma still the best tool?',
      reply: 'For teams, yes — but paper first. The tool matters less than the thinking.',
    },
    {
      parent: 'how do you design onboarding?',
      reply: 'One question at a time, and say why you ask it. Can someone skip it?',
    },
    {
      parent: 'dark mode or light mode?',
      reply: 'Both, done properly — dark mode is a second palette, not an inversion.',
    },
    {
      parent: 'how do i get better at design?',
      reply: 'Copy interfaces you love, then ask why each decision was made.',
    },
    {
      parent: 'what makes a good error message?',
      reply: 'It says what happened and what to do next — in plain words.',
    },
    { parent: 'spinners or skeletons?', reply: 'Skeletons, most of the time — they show the shape of what is coming.' },
    {
      parent: 'what are you designing this week?',
      reply: 'A settings page built around what people actually change — half the options are gone.',
    },
    {
      parent: 'how important is accessibility really?',
      reply: 'Essential — contrast and focus states help everyone, not just some people.',
    },
    {
      parent: 'what is your favourite app design?',
      reply: 'Things 3 — calm, clear and every animation explains something.',
    },
    {
      parent: 'how do you pick colours?',
      reply: 'Start with the grays, then one accent. What mood are you going for?',
    },
    {
      parent: 'should every app have animations?',
      reply: 'Only motion that explains where things come from — the rest is noise.',
    },
    { parent: 'how long should a line of text be?', reply: 'Around 60 to 75 characters — longer lines tire the eye.' },
    {
      parent: 'what do you think of modals?',
      reply: 'Each one is an interruption — use them for decisions, not for news.',
    },
    { parent: 'serif or sans serif?', reply: 'Serif headlines with a sans body — still my favourite pairing.' },
    {
      parent: 'how do you give design feedback?',
      reply: 'Start from the goal of the screen, not from taste. Does it do its job?',
    },
    {
      parent: 'what is the hardest part of designing mini apps?',
      reply: 'The small screen — everything has to work for a thumb first.',
    },
    { parent: 'analytics or interviews?', reply: 'Analytics tell you what, interviews tell you why — you need both.' },
    { parent: 'any weekend plans?', reply: 'A type specimen book and a long walk — the best kind of weekend.' },
  ],
  phrases: [
    'Sketch on paper first — Figma can wait.',
    'Every screen should do one job. What is yours?',
    'Boring in the best way — that is a compliment.',
  ],
  rewrites: [
    {
      parent: 'What are you doing this weekend?',
      reply: 'Sketching on paper, far from Figma — and a museum if it rains. You?',
      like: 'any weekend plans?',
    },
    {
      parent: 'Do you prefer dark or light mode?',
      reply: 'Light for reading, dark at night — as long as dark mode is its own palette, not inverted colours.',
      like: 'dark mode or light mode?',
    },
    {
      parent: 'how do you handle a client who wants the logo bigger?',
      reply:
        'Ask what they want the logo to do — usually it is about trust, and size is rarely the best way to get there.',
      like: null,
    },
  ],
};

/** tom: very short, lowercase, no punctuation, says lol; cycling, the weather, his dog. */
const tom: CorpusUser = {
  username: 'tom-rides',
  displayName: 'tom',
  casts: [
    'rode 60k in the rain today legs are gone',
    'dog stole my sandwich again lol',
    'headwind both ways somehow',
    'new tyres feel amazing',
    'frost on the bike this morning nope',
    'took the dog to the beach she lost her mind',
    'coffee stop at km 40 best part of the ride',
    'chain snapped 10k from home long walk lol',
    'sun finally out going for a spin',
    'dog thinks the bike is her enemy',
    'hill repeats hurt more every year',
    'forecast said dry forecast lied',
    'cleaned the bike for once looks new',
    'dog asleep on my cycling jersey again',
    'gravel ride with the club so much dust',
    'flat tyre in the rain classic',
    'windy af today staying in',
    'dog walk then bike ride then nap',
    'climbed the big hill without stopping first time',
    'snow day no ride dog is happy though',
    'new saddle still deciding if i love it',
    'sunset ride by the river perfect',
    'dog wants to come on the bike lol no',
    'rain again of course',
    'century ride sunday wish me luck',
  ],
  replies: [
    { parent: 'how was the ride today?', reply: 'wet and windy lol' },
    { parent: 'what bike do you ride?', reply: 'old steel road bike still going' },
    { parent: 'how is the dog doing?', reply: 'spoiled and happy lol' },
    { parent: 'is it raining where you are?', reply: 'always lol' },
    { parent: 'any tips for a first long ride?', reply: 'eat early and go slow' },
    { parent: 'what do you do when it snows?', reply: 'walk the dog and stay off the bike' },
    { parent: 'road or gravel?', reply: 'gravel more fun road more fast' },
    { parent: 'how far did you ride this week?', reply: 'about 200k legs are done' },
    { parent: 'what breed is your dog?', reply: 'mutt mostly terrier all chaos' },
    { parent: 'how do you fix a flat fast?', reply: 'spare tube and a co2 lol' },
    { parent: 'what is the weather like today?', reply: 'grey and windy as usual' },
    { parent: 'favourite coffee stop?', reply: 'the bakery at km 40 always' },
    { parent: 'do you ride in the winter?', reply: 'if its not icy yes' },
    { parent: 'does your dog like walks?', reply: 'more than anything lol' },
    { parent: 'what is the hardest climb you did?', reply: 'the big hill by the lake still hurts' },
    { parent: 'clipless pedals or flats?', reply: 'clipless on the road flats for gravel' },
    { parent: 'how do you stay motivated to ride?', reply: 'coffee stops lol' },
    { parent: 'what are you doing this weekend?', reply: 'long ride then dog beach' },
    { parent: 'how did the century ride go?', reply: 'made it barely lol' },
    { parent: 'sunny today?', reply: 'finally yes going out' },
  ],
  phrases: ['rain again lol', 'coffee stop is the best part of any ride', 'the dog runs the house lol'],
  rewrites: [
    { parent: 'is the sun out where you are?', reply: 'for once yes going for a spin lol', like: 'sunny today?' },
    {
      parent: 'doing my first big ride soon any advice?',
      reply: 'pack more food than you think and plan a coffee stop halfway lol',
      like: 'any tips for a first long ride?',
    },
    { parent: 'what do you do after a long ride?', reply: 'big lunch then nap with the dog on top of me', like: null },
  ],
};

export const VOICE_CORPUS: readonly CorpusUser[] = [mara, devon, kai, priya, tom];

/** Every `HOLD_OUT_EVERY`th reply is held out (a fifth); the twin is built from the rest. */
export const HOLD_OUT_EVERY = 5;

export function splitReplies(user: CorpusUser): { training: CorpusReply[]; heldOut: CorpusReply[] } {
  const training: CorpusReply[] = [];
  const heldOut: CorpusReply[] = [];
  user.replies.forEach((reply, index) => {
    ((index + 1) % HOLD_OUT_EVERY === 0 ? heldOut : training).push(reply);
  });
  return { training, heldOut };
}

/** Casts and replies a person publishes together. */
export interface Material {
  casts: readonly string[];
  replies: readonly CorpusReply[];
}

/**
 * The person's training material (their casts and training replies) in two halves, oldest first:
 * the learning stage's twin is deployed from the first and learns the second.
 */
export function splitForLearning(user: CorpusUser): { first: Material; second: Material } {
  const { training } = splitReplies(user);
  const castsCut = Math.ceil(user.casts.length / 2);
  const repliesCut = Math.ceil(training.length / 2);
  return {
    first: { casts: user.casts.slice(0, castsCut), replies: training.slice(0, repliesCut) },
    second: { casts: user.casts.slice(castsCut), replies: training.slice(repliesCut) },
  };
}
