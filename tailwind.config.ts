import type { Config } from 'tailwindcss';

// Brand: purple family, geometric sans-serif (SPEC.md section 9). Breakpoints 600/900/1200/1536 px;
// `nav` is the 900 px switch between header tabs and the hamburger menu.
export default {
  content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}', './lib/**/*.{ts,tsx}'],
  theme: {
    screens: { sm: '600px', nav: '901px', md: '900px', lg: '1200px', xl: '1536px' },
    extend: {
      colors: {
        brand: {
          50: '#f5f3ff',
          100: '#ede9fe',
          200: '#ddd6fe',
          300: '#c4b5fd',
          400: '#a78bfa',
          500: '#8b5cf6',
          600: '#7c3aed',
          700: '#6d28d9',
          800: '#5b21b6',
          900: '#4c1d95',
        },
      },
      fontFamily: {
        sans: ['var(--font-sans)', 'ui-sans-serif', 'system-ui', 'sans-serif'],
      },
      height: { header: '96px' },
    },
  },
} satisfies Config;
