/** The five tools: named once for the tools dashboard and for each tool's own page. */
export const TOOL_CATALOG = {
  incomeAxie: {
    name: 'Income Axie',
    description:
      'Catat pendapatan AXS dan pengeluaranmu, lengkap dengan harga token terkini dalam USD atau IDR.',
    path: '/tools/incomeaxie',
  },
  incomePixels: {
    name: 'Income Pixels',
    description:
      'Pantau pendapatan dan pengeluaran Pixels harianmu beserta konversinya ke USD dan IDR.',
    path: '/tools/incomepixels',
  },
  linkManager: {
    name: 'Link Manager',
    description: 'Simpan dan kelola tautan penting untuk game favoritmu di satu tempat.',
    path: '/tools/link',
  },
  walletTracker: {
    name: 'Wallet Tracker',
    description:
      'Kelola daftar wallet kripto milikmu per kategori dan salin alamatnya dengan sekali klik.',
    path: '/tools/wallet',
  },
  marketPixels: {
    name: 'Market Pixels',
    description: 'Jelajahi item di market Pixels dan temukan profit per energi terbaik.',
    path: '/tools/market',
  },
} as const;
