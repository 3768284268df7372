/**
 * A user's search words as a query over the German and English stemmings of the stored vector
 * (migration 007). Takes the search text twice as bindings.
 */
export const FULL_TEXT_QUERY = "websearch_to_tsquery('german', ?) || websearch_to_tsquery('english', ?)"
