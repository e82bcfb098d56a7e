export interface Page<T> {
  total: number;
  list: T[];
}
