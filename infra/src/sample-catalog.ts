// The sample cars behind the demo auctions (all marked is_sample; the UI labels them as sample listings).
export interface SampleCar {
  wmi: string;
  make: string;
  model: string;
  year: number;
  mileage: number;
  condition: string;
  image: string;
  location: string;
  auctionType: 'reserve' | 'no-reserve' | 'buy-it-now' | 'private';
  premiumOnly: boolean;
  startingBid: number;
  reserve?: number;
  buyItNow?: number;
  endsInMinutes: number;
  bids: number;
  aiValue: number;
  aiConfidence: number;
  aiDaysToSell: number;
  description: string;
}

const c = (x: SampleCar) => x;

/** Each sample model's body category; the live cars and the sample sales share their models. */
export const SAMPLE_CATEGORIES: Record<string, 'luxury' | 'sports' | 'classic' | 'suv'> = {
  'AMG GT': 'luxury',
  Roma: 'luxury',
  'RS 6 Avant': 'luxury',
  'Cayenne Turbo GT': 'suv',
  'X5 M Competition': 'suv',
  'G 63 AMG': 'suv',
  'F-150 Raptor R': 'suv',
  'Land Cruiser Heritage': 'suv',
  Urus: 'suv',
  'SL 300 Gullwing Tribute': 'classic',
  'GT Heritage Edition': 'classic',
};
export const sampleCategory = (model: string) => SAMPLE_CATEGORIES[model] ?? 'sports';

export const LIVE_SAMPLE_CARS: SampleCar[] = [
  c({ wmi: 'ZFF', make: 'Ferrari', model: '488 GTB', year: 2019, mileage: 8400, condition: 'Excellent', image: 'supercar-red', location: 'Miami, FL', auctionType: 'reserve', premiumOnly: true, startingBid: 180000, reserve: 235000, endsInMinutes: 9, bids: 7, aiValue: 248000, aiConfidence: 91, aiDaysToSell: 12, description: 'Rosso Corsa over black leather, carbon racing seats, full Ferrari service history and fresh belts.' }),
  c({ wmi: 'WP0', make: 'Porsche', model: '911 Carrera S', year: 2021, mileage: 12100, condition: 'Excellent', image: 'coupe-silver', location: 'Scottsdale, AZ', auctionType: 'no-reserve', premiumOnly: false, startingBid: 85000, endsInMinutes: 13, bids: 6, aiValue: 128000, aiConfidence: 88, aiDaysToSell: 9, description: 'GT Silver, Sport Chrono, PASM, sport exhaust. One owner, clean history.' }),
  c({ wmi: 'WBA', make: 'BMW', model: 'M4 Competition', year: 2022, mileage: 9800, condition: 'Very Good', image: 'coupe-blue', location: 'Austin, TX', auctionType: 'buy-it-now', premiumOnly: false, startingBid: 52000, buyItNow: 84000, endsInMinutes: 14, bids: 4, aiValue: 79000, aiConfidence: 86, aiDaysToSell: 14, description: 'Portimao Blue, carbon bucket seats, M Drive Professional, ceramic coated.' }),
  c({ wmi: 'ZHW', make: 'Lamborghini', model: 'Huracan EVO', year: 2020, mileage: 6200, condition: 'Excellent', image: 'supercar-green', location: 'Las Vegas, NV', auctionType: 'private', premiumOnly: true, startingBid: 190000, endsInMinutes: 48, bids: 5, aiValue: 262000, aiConfidence: 84, aiDaysToSell: 21, description: 'Verde Mantis, lifting system, Sensonum audio, warranty until next spring.' }),
  c({ wmi: 'WDD', make: 'Mercedes-Benz', model: 'AMG GT', year: 2020, mileage: 15400, condition: 'Good', image: 'coupe-black', location: 'Atlanta, GA', auctionType: 'reserve', premiumOnly: false, startingBid: 70000, reserve: 98000, endsInMinutes: 75, bids: 5, aiValue: 104000, aiConfidence: 82, aiDaysToSell: 18, description: 'Obsidian Black, AMG Dynamic Plus, Burmester audio. Minor chip on front bumper.' }),
  c({ wmi: 'WUA', make: 'Audi', model: 'R8 V10 Performance', year: 2021, mileage: 7300, condition: 'Excellent', image: 'supercar-grey', location: 'Denver, CO', auctionType: 'buy-it-now', premiumOnly: false, startingBid: 120000, buyItNow: 172000, endsInMinutes: 105, bids: 3, aiValue: 165000, aiConfidence: 87, aiDaysToSell: 16, description: 'Kemora Gray, carbon side blades, B&O audio, ceramic brakes.' }),
  c({ wmi: '1FA', make: 'Ford', model: 'Mustang Shelby GT500', year: 2021, mileage: 4100, condition: 'Excellent', image: 'muscle-blue', location: 'Dearborn, MI', auctionType: 'no-reserve', premiumOnly: false, startingBid: 60000, endsInMinutes: 160, bids: 8, aiValue: 89000, aiConfidence: 90, aiDaysToSell: 10, description: 'Carbon Fiber Track Package, Recaro seats, 760 hp. Stored indoors.' }),
  c({ wmi: '1G1', make: 'Chevrolet', model: 'Corvette Stingray Z51', year: 2022, mileage: 5600, condition: 'Excellent', image: 'supercar-orange', location: 'Bowling Green, KY', auctionType: 'reserve', premiumOnly: false, startingBid: 62000, reserve: 79000, endsInMinutes: 240, bids: 4, aiValue: 84000, aiConfidence: 89, aiDaysToSell: 8, description: 'Amplify Orange, 3LT, front lift, magnetic ride, performance exhaust.' }),
  c({ wmi: 'JTD', make: 'Toyota', model: 'GR Supra 3.0', year: 2021, mileage: 11200, condition: 'Very Good', image: 'coupe-yellow', location: 'San Diego, CA', auctionType: 'no-reserve', premiumOnly: false, startingBid: 38000, endsInMinutes: 330, bids: 6, aiValue: 52000, aiConfidence: 85, aiDaysToSell: 11, description: 'Nitro Yellow, premium package, adaptive suspension, clean Carfax-style history.' }),
  c({ wmi: '2HG', make: 'Honda', model: 'Civic Type R', year: 2023, mileage: 3100, condition: 'Excellent', image: 'hatch-white', location: 'Columbus, OH', auctionType: 'buy-it-now', premiumOnly: false, startingBid: 36000, buyItNow: 52000, endsInMinutes: 420, bids: 2, aiValue: 49000, aiConfidence: 92, aiDaysToSell: 6, description: 'Championship White, six-speed manual, unmodified, dealer serviced.' }),
  c({ wmi: 'WP1', make: 'Porsche', model: 'Cayenne Turbo GT', year: 2022, mileage: 14300, condition: 'Very Good', image: 'suv-black', location: 'Greenwich, CT', auctionType: 'reserve', premiumOnly: true, startingBid: 120000, reserve: 158000, endsInMinutes: 600, bids: 3, aiValue: 171000, aiConfidence: 80, aiDaysToSell: 20, description: 'Jet Black, carbon roof, 21-way sport seats, rear-axle steering.' }),
  c({ wmi: '5UX', make: 'BMW', model: 'X5 M Competition', year: 2021, mileage: 22700, condition: 'Good', image: 'suv-white', location: 'Charlotte, NC', auctionType: 'no-reserve', premiumOnly: false, startingBid: 55000, endsInMinutes: 780, bids: 5, aiValue: 86000, aiConfidence: 83, aiDaysToSell: 15, description: 'Mineral White, Executive package, Bowers & Wilkins, new tires.' }),
  c({ wmi: 'W1N', make: 'Mercedes-Benz', model: 'G 63 AMG', year: 2020, mileage: 26900, condition: 'Good', image: 'suv-green', location: 'Houston, TX', auctionType: 'buy-it-now', premiumOnly: false, startingBid: 110000, buyItNow: 168000, endsInMinutes: 1000, bids: 4, aiValue: 158000, aiConfidence: 81, aiDaysToSell: 19, description: 'Olive Magno, AMG Night package, designo interior, carbon trim.' }),
  c({ wmi: 'ZFF', make: 'Ferrari', model: 'Roma', year: 2022, mileage: 3900, condition: 'Excellent', image: 'coupe-red', location: 'Beverly Hills, CA', auctionType: 'private', premiumOnly: true, startingBid: 170000, endsInMinutes: 1300, bids: 2, aiValue: 231000, aiConfidence: 78, aiDaysToSell: 25, description: 'Blu Roma, passenger display, ventilated seats, Ferrari warranty.' }),
  c({ wmi: 'WAU', make: 'Audi', model: 'RS 6 Avant', year: 2022, mileage: 16800, condition: 'Very Good', image: 'wagon-grey', location: 'Portland, OR', auctionType: 'reserve', premiumOnly: false, startingBid: 82000, reserve: 104000, endsInMinutes: 1500, bids: 4, aiValue: 112000, aiConfidence: 87, aiDaysToSell: 13, description: 'Nardo Gray, Black Optic, carbon ceramic brakes, Dynamic Ride Control.' }),
  c({ wmi: '1FT', make: 'Ford', model: 'F-150 Raptor R', year: 2023, mileage: 2800, condition: 'Excellent', image: 'truck-blue', location: 'Dallas, TX', auctionType: 'no-reserve', premiumOnly: false, startingBid: 78000, endsInMinutes: 1700, bids: 7, aiValue: 109000, aiConfidence: 88, aiDaysToSell: 9, description: 'Antimatter Blue, 37-inch package, supercharged V8, Recaro seats.' }),
  c({ wmi: '1GC', make: 'Chevrolet', model: 'Camaro ZL1 1LE', year: 2020, mileage: 9300, condition: 'Very Good', image: 'muscle-black', location: 'Nashville, TN', auctionType: 'reserve', premiumOnly: false, startingBid: 48000, reserve: 63000, endsInMinutes: 2000, bids: 3, aiValue: 66000, aiConfidence: 84, aiDaysToSell: 14, description: 'Black, Extreme Track package, Multimatic DSSV dampers, manual.' }),
  c({ wmi: 'JTE', make: 'Toyota', model: 'Land Cruiser Heritage', year: 2021, mileage: 31200, condition: 'Good', image: 'suv-grey', location: 'Boise, ID', auctionType: 'buy-it-now', premiumOnly: false, startingBid: 62000, buyItNow: 88000, endsInMinutes: 2400, bids: 2, aiValue: 84000, aiConfidence: 86, aiDaysToSell: 12, description: 'Magnetic Gray, Heritage Edition, bronze wheels, full dealer history.' }),
  c({ wmi: '19U', make: 'Honda', model: 'NSX Type S', year: 2022, mileage: 1900, condition: 'Excellent', image: 'supercar-white', location: 'Seattle, WA', auctionType: 'reserve', premiumOnly: true, startingBid: 150000, reserve: 205000, endsInMinutes: 2900, bids: 3, aiValue: 214000, aiConfidence: 76, aiDaysToSell: 23, description: 'Gotham Gray, one of 350 US cars, carbon package, collector owned.' }),
  c({ wmi: 'WBS', make: 'BMW', model: 'M2 CS', year: 2020, mileage: 8900, condition: 'Excellent', image: 'coupe-blue', location: 'Chicago, IL', auctionType: 'no-reserve', premiumOnly: false, startingBid: 58000, endsInMinutes: 3300, bids: 5, aiValue: 92000, aiConfidence: 85, aiDaysToSell: 12, description: 'Misano Blue, six-speed manual, carbon roof and splitter, track-ready.' }),
  c({ wmi: 'ZHW', make: 'Lamborghini', model: 'Urus', year: 2021, mileage: 18800, condition: 'Very Good', image: 'suv-orange', location: 'Palm Beach, FL', auctionType: 'buy-it-now', premiumOnly: false, startingBid: 165000, buyItNow: 219000, endsInMinutes: 3800, bids: 2, aiValue: 212000, aiConfidence: 82, aiDaysToSell: 17, description: 'Arancio Borealis, Akrapovic exhaust, 23-inch wheels, panoramic roof.' }),
  c({ wmi: 'WP0', make: 'Porsche', model: '718 Cayman GT4', year: 2020, mileage: 13400, condition: 'Very Good', image: 'coupe-green', location: 'Boulder, CO', auctionType: 'reserve', premiumOnly: false, startingBid: 72000, reserve: 94000, endsInMinutes: 4300, bids: 4, aiValue: 99000, aiConfidence: 88, aiDaysToSell: 10, description: 'Python Green, Clubsport package, full bucket seats, manual.' }),
  c({ wmi: 'WDD', make: 'Mercedes-Benz', model: 'SL 300 Gullwing Tribute', year: 2019, mileage: 2100, condition: 'Excellent', image: 'classic-silver', location: 'Pebble Beach, CA', auctionType: 'private', premiumOnly: true, startingBid: 240000, endsInMinutes: 5200, bids: 1, aiValue: 298000, aiConfidence: 61, aiDaysToSell: 45, description: 'Coachbuilt tribute on a modern chassis; silver over red leather, documented build.' }),
  c({ wmi: '1FA', make: 'Ford', model: 'GT Heritage Edition', year: 2019, mileage: 1200, condition: 'Excellent', image: 'supercar-blue', location: 'Detroit, MI', auctionType: 'reserve', premiumOnly: true, startingBid: 800000, reserve: 1050000, endsInMinutes: 6500, bids: 2, aiValue: 1120000, aiConfidence: 72, aiDaysToSell: 30, description: 'Gulf heritage livery, 1 of 40, delivery miles only.' }),
  c({ wmi: '1G1', make: 'Chevrolet', model: 'Corvette Z06', year: 2023, mileage: 1600, condition: 'Excellent', image: 'supercar-red', location: 'Phoenix, AZ', auctionType: 'no-reserve', premiumOnly: false, startingBid: 105000, endsInMinutes: 7600, bids: 0, aiValue: 139000, aiConfidence: 79, aiDaysToSell: 11, description: 'Torch Red, Z07 package, carbon wheels, flat-plane crank V8.' }),
  c({ wmi: 'JTH', make: 'Toyota', model: 'Supra A90 Final Edition', year: 2024, mileage: 700, condition: 'Excellent', image: 'coupe-black', location: 'Los Angeles, CA', auctionType: 'buy-it-now', premiumOnly: false, startingBid: 64000, buyItNow: 82000, endsInMinutes: 8600, bids: 0, aiValue: 78000, aiConfidence: 83, aiDaysToSell: 9, description: 'Final Edition, carbon wing, Akrapovic titanium exhaust, under 1,000 miles.' }),
];

export const SAMPLE_BIDDER_NAMES = [
  'Morgan Reyes', 'Jordan Blake', 'Taylor Kim', 'Riley Chen', 'Sam Patel', 'Alex Novak', 'Jamie Ortiz', 'Drew Walsh',
  'Quinn Murphy', 'Harper Stone',
];

export const SAMPLE_COMMENTS = [
  'Any paint correction or PPF on this one?',
  'Service records look thorough. Were the brakes done recently?',
  'Beautiful spec. Shipping quotes to the Midwest anyone?',
  'Seller, is the second key and the original window sticker included?',
  'Watched this one closely; the ending price will be telling.',
];

export const SAMPLE_CHAT = [
  'Good luck everyone!',
  'That color is stunning in person.',
  'Reserve must be close now.',
  'Anyone inspected it?',
];
