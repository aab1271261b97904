/** Data allowances as people read them: 500 MB, 2 GB; null is unlimited (the caller says so). */
export const formatDataMb = (mb: number, lang: string): string => {
  const gb = mb >= 1024;
  return new Intl.NumberFormat(lang, {
    style: 'unit',
    unit: gb ? 'gigabyte' : 'megabyte',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(gb ? mb / 1024 : mb);
};
