interface BrandLogoProps {
  /** A configured logo (system.ui.logo); null draws the built-in mark. */
  src: string | null;
  size?: number;
  alt: string;
}

/** The built-in mark: a rounded square with a gradient and a stylised agent node graph. */
export function BrandLogo({ src, size = 32, alt }: BrandLogoProps) {
  if (src) {
    return <img src={src} alt={alt} width={size} height={size} style={{ objectFit: 'contain', flex: 'none' }} />;
  }
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" role="img" aria-label={alt} style={{ flex: 'none' }}>
      <defs>
        <linearGradient id="brand-logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4f7cff" />
          <stop offset="1" stopColor="#8a5cff" />
        </linearGradient>
      </defs>
      <rect width="48" height="48" rx="12" fill="url(#brand-logo-gradient)" />
      <path d="M14 31 L24 15 L34 31 Z" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinejoin="round" opacity="0.85" />
      <circle cx="24" cy="15" r="4.5" fill="#fff" />
      <circle cx="14" cy="31" r="4" fill="#fff" opacity="0.92" />
      <circle cx="34" cy="31" r="4" fill="#fff" opacity="0.92" />
      <circle cx="24" cy="26" r="2.5" fill="#fff" opacity="0.75" />
    </svg>
  );
}
