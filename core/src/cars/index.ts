// Cars a seller lists, and their valuation.
export { createCar, valueOwnCar } from './cars.js';
