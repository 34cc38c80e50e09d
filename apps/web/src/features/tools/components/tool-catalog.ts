/**
 * The headings of the five tool pages. The tools dashboard lists the tools from the server, where
 * an admin may reword them; a tool's own page keeps these names.
 */
export const TOOL_CATALOG = {
  incomeAxie: {
    name: 'Income Axie',
    description:
      'Catat pendapatan AXS dan pengeluaranmu, lengkap dengan harga token terkini dalam USD atau IDR.',
  },
  incomePixels: {
    name: 'Income Pixels',
    description:
      'Pantau pendapatan dan pengeluaran Pixels harianmu beserta konversinya ke USD dan IDR.',
  },
  linkManager: {
    name: 'Link Manager',
    description: 'Simpan dan kelola tautan penting untuk game favoritmu di satu tempat.',
  },
  walletTracker: {
    name: 'Wallet Tracker',
    description:
      'Kelola daftar wallet kripto milikmu per kategori dan salin alamatnya dengan sekali klik.',
  },
  marketPixels: {
    name: 'Market Pixels',
    description: 'Jelajahi item di market Pixels dan temukan profit per energi terbaik.',
  },
} as const;
