// Sample data: forum discussions across the four categories, written by the sample members so a fresh install shows
// a living forum. Not real members' words. `author` and replies' `by` index the seed's list of sample authors.

export interface SampleForumPost {
  category: 'general' | 'technical' | 'marketplace' | 'reviews';
  title: string;
  tags: string[];
  content: string;
  author: number;
  hoursAgo: number;
  /** How many sample members liked it. */
  likes: number;
  replies: { by: number; text: string; hoursAgo: number }[];
}

export const SAMPLE_FORUM_POSTS: SampleForumPost[] = [
  {
    category: 'marketplace',
    title: 'How do you set a reserve without scaring bidders?',
    tags: ['selling', 'reserve'],
    author: 0,
    hoursAgo: 19,
    likes: 6,
    content:
      'Listing my first car next month. What reserve strategy has worked for you: at market, or slightly below to get bidding going?\n\nI have comps from the last three months but they are all over the place.',
    replies: [
      {
        by: 3,
        text: 'I set the reserve around 90% of comps and it worked well. Bidding started early and finished above market.',
        hoursAgo: 15,
      },
      {
        by: 5,
        text: 'No reserve if you can stomach it. The auctions with reserves in my segment get half the watchers.',
        hoursAgo: 9,
      },
      {
        by: 1,
        text: 'Whatever you pick, say in the description that the reserve is realistic. People bid more when they believe it will sell.',
        hoursAgo: 4,
      },
    ],
  },
  {
    category: 'technical',
    title: 'PPI checklist for a 991.2 Carrera S',
    tags: ['porsche', 'inspection'],
    author: 1,
    hoursAgo: 38,
    likes: 9,
    content:
      'Sharing the pre-purchase inspection checklist I use:\n\n- bore scoring check (borescope, not just a compression test)\n- coolant pipes\n- PDK service history\n- suspension bushings and front lift system\n\nAnything you would add?',
    replies: [
      {
        by: 2,
        text: 'Same experience here; the inspection paid for itself. Add a scan for over-revs, the DME keeps them by range.',
        hoursAgo: 30,
      },
      {
        by: 7,
        text: 'Check the front radiators for debris and corrosion. Cheap to clean, expensive to ignore.',
        hoursAgo: 20,
      },
    ],
  },
  {
    category: 'reviews',
    title: 'Six months with a GR Supra 3.0',
    tags: ['toyota', 'ownership'],
    author: 2,
    hoursAgo: 57,
    likes: 7,
    content:
      'Daily driven, two track days. Costs, surprises and what I would change.\n\nFuel: 24 mpg mixed. Tyres: the rears lasted 9,000 miles. Dealer service was painless. The only surprise was the windscreen: two chips already.',
    replies: [
      {
        by: 4,
        text: 'Great write-up, thanks for sharing. Did you try the manual? Tempted to trade mine in.',
        hoursAgo: 40,
      },
    ],
  },
  {
    category: 'general',
    title: 'Best way to ship a car across the country?',
    tags: ['shipping'],
    author: 3,
    hoursAgo: 76,
    likes: 4,
    content:
      'Enclosed vs open transport for a car under $80k. Who have you used, and how did the pickup inspection go?',
    replies: [
      {
        by: 6,
        text: 'Enclosed every time for anything with low paint. Photograph every panel at pickup, with the driver watching.',
        hoursAgo: 70,
      },
      { by: 0, text: 'Open transport was fine for my daily. Took 9 days coast to coast.', hoursAgo: 60 },
    ],
  },
  {
    category: 'marketplace',
    title: 'Flipping tips: where is the margin in 2024?',
    tags: ['dealers', 'flipping'],
    author: 4,
    hoursAgo: 95,
    likes: 5,
    content:
      'Dealers, what segments are still giving you margin after fees and reconditioning?\n\nFor me, clean-title trucks under 100k miles still turn in two weeks; sports cars sit.',
    replies: [{ by: 8, text: 'Japanese hatchbacks with service records. Buyers pay for paperwork.', hoursAgo: 80 }],
  },
  {
    category: 'technical',
    title: 'Reading a vehicle history report like a pro',
    tags: ['history', 'title'],
    author: 5,
    hoursAgo: 114,
    likes: 11,
    content:
      'Title brands, odometer rollbacks, and the gaps that should make you ask questions.\n\nA two-year gap in service records is not a red flag on its own; a gap that ends with a new state registration often is.',
    replies: [
      {
        by: 9,
        text: 'Also look at where the car was registered during hurricane seasons. Flood cars get retitled inland.',
        hoursAgo: 100,
      },
      { by: 2, text: 'Bookmarking this. The odometer section alone saved me from a bad buy last year.', hoursAgo: 90 },
    ],
  },
  {
    category: 'general',
    title: 'First auction win: what happens after the hammer?',
    tags: ['escrow', 'first-time'],
    author: 6,
    hoursAgo: 7,
    likes: 3,
    content:
      'Won my first auction last night. Escrow is open and the seller accepted the terms. How long did your payment and pickup take?',
    replies: [
      {
        by: 1,
        text: 'Congrats! Mine took four days from payment to pickup. Keep the inspection window in mind.',
        hoursAgo: 5,
      },
      { by: 3, text: 'Book the transport only once the payment shows as received.', hoursAgo: 2 },
    ],
  },
  {
    category: 'technical',
    title: 'Winter storage: battery tender or disconnect?',
    tags: ['storage', 'battery'],
    author: 7,
    hoursAgo: 28,
    likes: 8,
    content:
      'Storing a convertible for four months. Tender on the battery, or disconnect it?\n\nThe car has an alarm that drains about 30 mA.',
    replies: [
      {
        by: 4,
        text: 'Tender. Disconnecting resets the adaptive values and the windows need re-indexing.',
        hoursAgo: 26,
      },
      { by: 0, text: 'Tender, and overinflate the tyres a little to avoid flat spots.', hoursAgo: 12 },
    ],
  },
  {
    category: 'reviews',
    title: 'Long-term review: 2019 Miata RF at 60,000 miles',
    tags: ['mazda', 'ownership'],
    author: 8,
    hoursAgo: 140,
    likes: 12,
    content:
      'Clutch is original, one set of brakes, no rattles from the roof yet.\n\nThe most fun per dollar I have owned. Cargo space is a joke, as everyone says.',
    replies: [
      {
        by: 5,
        text: 'Mine is at 45k with the same story. The seats are the only thing I would change.',
        hoursAgo: 120,
      },
    ],
  },
  {
    category: 'reviews',
    title: 'Buying from an auction vs a dealer: my two experiences',
    tags: ['buying', 'auction'],
    author: 9,
    hoursAgo: 50,
    likes: 6,
    content:
      'Bought one car through a dealer and one through an online auction this year.\n\nThe auction was cheaper by about 8% after fees, but I spent more time on research and the inspection.',
    replies: [
      { by: 6, text: 'Did the escrow make you feel safer with the auction?', hoursAgo: 44 },
      { by: 9, text: 'Yes: the money only moved once I had inspected the car.', hoursAgo: 43 },
    ],
  },
  {
    category: 'marketplace',
    title: 'Photos that sell: what bidders want to see',
    tags: ['selling', 'photos'],
    author: 10,
    hoursAgo: 3,
    likes: 2,
    content:
      'After twenty listings, the photos that get questions answered before they are asked: tyres with the date code, the underside, the service book, and a cold-start video.',
    replies: [],
  },
  {
    category: 'general',
    title: 'Which car got you into the hobby?',
    tags: ['community'],
    author: 2,
    hoursAgo: 170,
    likes: 10,
    content: 'Mine was a rusty 1987 MR2 bought with summer job money. What was yours?',
    replies: [
      { by: 7, text: 'A 1995 Integra with a cracked dash. Still miss it.', hoursAgo: 160 },
      { by: 10, text: "My dad's E30. I bought it back from the third owner last year.", hoursAgo: 150 },
      { by: 8, text: 'A Golf GTI mk2. Nothing since has felt as light.', hoursAgo: 130 },
    ],
  },
];
