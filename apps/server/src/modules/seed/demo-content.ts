/**
 * Demo content used to seed a fresh NexusPlay installation with games,
 * blog posts and tool cards so the portal looks alive out of the box.
 */

export type DemoGame = {
  name: string;
  description: string;
  link: string;
  colors: [string, string];
};
export type DemoBlog = {
  title: string;
  description: string;
  content: string;
  author: string;
  date: string;
};
export type DemoTool = { name: string; icon: string; description: string; link: string };

export const DEMO_GAMES: readonly DemoGame[] = [
  {
    name: 'Pixels',
    description:
      'A social farming and exploration game on the Ronin network where players grow crops, craft goods and develop land. PIXEL is its premium token, used for upgrades and special items.',
    link: 'https://pixels.xyz',
    colors: ['#4ade80', '#0e7490'],
  },
  {
    name: 'Axie Infinity',
    description:
      'A creature-collecting game on Ronin where players build teams of three Axies for turn-based card battles. AXS is its governance token, also used for breeding and staking.',
    link: 'https://axieinfinity.com',
    colors: ['#38bdf8', '#1e3a8a'],
  },
  {
    name: 'The Sandbox',
    description:
      'A voxel-style virtual world where creators build games and experiences on LAND parcels they own. SAND is the token used for purchases, rewards and governance.',
    link: 'https://www.sandbox.game',
    colors: ['#22d3ee', '#2563eb'],
  },
  {
    name: 'Decentraland',
    description:
      'A browser-based virtual world owned by its users, where LAND parcels host events, galleries and social spaces. The platform is governed by a DAO that uses the MANA token.',
    link: 'https://decentraland.org',
    colors: ['#fb7185', '#7c3aed'],
  },
  {
    name: 'Illuvium',
    description:
      'An open-world RPG and auto-battler built on Immutable, where players explore alien landscapes, capture creatures called Illuvials and pit their teams against others.',
    link: 'https://illuvium.io',
    colors: ['#a78bfa', '#0f172a'],
  },
  {
    name: 'Gods Unchained',
    description:
      'A free-to-play tactical trading card game on Immutable where players truly own their cards and can trade them. GODS is used for crafting and governance.',
    link: 'https://godsunchained.com',
    colors: ['#facc15', '#78350f'],
  },
  {
    name: 'Splinterlands',
    description:
      'A collectible card battle game on the Hive blockchain. Players pick a Summoner, assemble monster lineups under changing rule sets and compete in ranked seasons and tournaments.',
    link: 'https://splinterlands.com',
    colors: ['#f97316', '#7f1d1d'],
  },
  {
    name: 'Alien Worlds',
    description:
      'A sci-fi metaverse mainly on the WAX blockchain where players use tool NFTs to mine Trilium (TLM) on different planets and vote in planetary governance.',
    link: 'https://alienworlds.io',
    colors: ['#2dd4bf', '#312e81'],
  },
  {
    name: 'Big Time',
    description:
      'A multiplayer action RPG in which parties fight through dungeons set in different eras of history, collecting cosmetic items and the BIGTIME token along the way.',
    link: 'https://bigtime.gg',
    colors: ['#fbbf24', '#9d174d'],
  },
  {
    name: 'Parallel',
    description:
      'A sci-fi trading card game where players choose one of five human factions and battle with decks of collectible cards. The ecosystem is tied to the PRIME token.',
    link: 'https://parallel.life',
    colors: ['#e879f9', '#1e1b4b'],
  },
  {
    name: 'Sorare',
    description:
      'A fantasy sports game where players collect officially licensed digital cards of real athletes and line them up in competitions scored on real match performances.',
    link: 'https://sorare.com',
    colors: ['#60a5fa', '#111827'],
  },
  {
    name: 'Star Atlas',
    description:
      'A space strategy game on Solana where players manage fleets, gather resources and join factions. ATLAS serves as the in-game currency and POLIS as the governance token.',
    link: 'https://staratlas.com',
    colors: ['#818cf8', '#020617'],
  },
];

export const DEMO_BLOGS: readonly DemoBlog[] = [
  {
    title: 'Getting started with a Ronin wallet safely',
    description:
      'A practical checklist for setting up a Ronin wallet for Pixels and Axie Infinity without putting your assets at risk.',
    author: 'NexusPlay Team',
    date: '2026-05-12',
    content: `
<p>Both <b>Pixels</b> and <b>Axie Infinity</b> run on Ronin, so a Ronin wallet is usually the first thing a new player sets up. It only takes a few minutes, but the choices you make during setup decide how safe your items and tokens will be for years.</p>
<h2>Install from the official source only</h2>
<p>Fake wallet extensions and look-alike apps are one of the most common ways players lose funds. Start from the official Ronin website at <a href="https://roninchain.com">roninchain.com</a> and follow its links to the browser extension or mobile app store listing. Never install a wallet from a link someone sends you in a chat.</p>
<h2>Protect your recovery phrase</h2>
<p>When you create a wallet you receive a recovery phrase (also called a seed phrase). Anyone who has it controls your wallet completely.</p>
<ul>
<li>Write it down on paper and keep it somewhere private and dry. Do not store it as a screenshot, in cloud notes or in a chat with yourself.</li>
<li><strong>Nobody legitimate will ever ask for it</strong>: not game support, not moderators, not the Ronin team.</li>
<li>Never type it into a website. The only place it belongs is the wallet app itself when you restore an account.</li>
<li>Use a strong, unique password to unlock the wallet on each device.</li>
</ul>
<h2>Separate your wallets</h2>
<p>A simple habit that limits damage is to keep more than one wallet:</p>
<ul>
<li>A <b>vault wallet</b> that holds valuable NFTs and most of your tokens and rarely connects to anything.</li>
<li>A <b>play wallet</b> that you connect to games and marketplaces, holding only what you need right now.</li>
<li>If you hold significant value, consider a hardware wallet for the vault where the wallet supports it.</li>
</ul>
<h2>Read before you sign</h2>
<p>Every connection, approval and transaction request shows you what you are about to allow. Slow down and check the website address, the asset involved and the amount. Be especially careful with requests that grant permission to move <em>all</em> of a type of token or NFT. If something looks unfamiliar, reject it; a real game will simply ask again.</p>
<h2>Know your address format</h2>
<p>Ronin addresses may be displayed with a <i>ronin:</i> prefix or in the common <i>0x</i> format. Both forms point to the same account. Before sending anything, copy the address directly from the wallet and compare the first and last characters with the destination.</p>
<p>Set up carefully once, and you can focus on playing instead of worrying about your assets.</p>
`,
  },
  {
    title: 'How PIXEL and AXS prices affect your in-game earnings',
    description:
      'Token rewards are counted in tokens, but your real result depends on market prices. Here is how to think about that gap without fooling yourself.',
    author: 'Dimas Pratama',
    date: '2026-06-20',
    content: `
<p>When you finish a season in <b>Axie Infinity</b> or a productive week in <b>Pixels</b>, your rewards arrive as tokens. The number of tokens tells you how well you played. The <em>value</em> of those tokens is decided by the market, and it can move a lot between the day you earn them and the day you use or sell them.</p>
<h2>Two numbers, not one</h2>
<p>It helps to track every reward as two separate figures:</p>
<ul>
<li><b>Token amount</b>: how many PIXEL or AXS you received. This reflects your activity and strategy.</li>
<li><b>Value at the time</b>: the amount multiplied by the market price on that day, in USD and in your local currency such as IDR.</li>
</ul>
<p>If you only look at today's price, a good month can look bad and a weak month can look great. Keeping both numbers shows you whether your gameplay improved or the market simply moved.</p>
<h2>Costs move with the market too</h2>
<p>Earnings are only half the picture. Many in-game expenses, such as upgrades, land fees, breeding costs or marketplace purchases, are also priced in tokens. When a token rises, both your rewards and your costs become more expensive in rupiah terms. When it falls, both shrink. Your <strong>net result</strong> is what matters, not the headline reward.</p>
<h2>Exchange rates add a second layer</h2>
<p>For players in Indonesia there is another variable: the USD to IDR rate. A token price may be flat in dollars while your rupiah value changes because the exchange rate moved. Recording the rate you used on each date avoids confusion later.</p>
<h2>Healthy habits</h2>
<ul>
<li>Record rewards and expenses on the day they happen, with the price you saw.</li>
<li>Use a consistent, reputable price source such as <a href="https://www.coingecko.com">CoinGecko</a> instead of screenshots from social media.</li>
<li>Remember that selling involves fees and sometimes slippage, so realised value is usually a little lower than the quoted price.</li>
<li>Do not spend money you need for daily life on the expectation that a token will rise.</li>
</ul>
<h2>A note on expectations</h2>
<p>Token prices can fall sharply and stay low for long periods. Game rewards are not a salary, and past earnings say nothing reliable about future ones. Treat any income as a bonus from a hobby you enjoy, and let your records, not hype, guide your decisions. The Income Axie and Income Pixels tools on NexusPlay are built to make this kind of tracking easier.</p>
`,
  },
  {
    title: 'Understanding energy and profit per energy in Pixels',
    description:
      'Energy is the real limit on what you can do each day in Pixels. Learn how to compare activities by profit per energy instead of guessing.',
    author: 'Rina Saputra',
    date: '2026-07-28',
    content: `
<p>In <b>Pixels</b>, most productive actions such as farming, chopping trees, mining and crafting cost <b>energy</b>. Energy recovers over time and can be restored by consuming certain food and drink items. Because your energy is limited, the question is not only "what earns the most?" but "what earns the most <em>for each point of energy I spend</em>?"</p>
<h2>What profit per energy means</h2>
<p>Profit per energy is a simple ratio:</p>
<ul>
<li><b>Revenue</b>: what the output of an activity is worth, for example the market value of crops or crafted goods.</li>
<li><b>Costs</b>: seeds, ingredients, marketplace fees and anything else you spend to produce it.</li>
<li><b>Energy</b>: the total energy the whole process consumes, from planting to harvesting or crafting.</li>
</ul>
<p>The formula is <strong>(revenue minus costs) divided by energy</strong>. An activity with a smaller total profit can still be the better choice if it uses much less energy, because the energy you save can be spent on something else.</p>
<h2>Why the numbers keep changing</h2>
<p>Market prices in Pixels move with supply and demand, and game updates regularly rebalance recipes, yields and energy costs. A crop that was the best option last month may be average today. That is why it is worth recalculating rather than copying a list from an old post.</p>
<h2>Including the cost of energy itself</h2>
<p>If you restore energy by eating or drinking items you bought, those items have a price too. Add their cost to your calculation, or work out the cost of one energy point and subtract it from your profit per energy. An activity that looks profitable can turn negative once energy refills are counted.</p>
<h2>Practical tips</h2>
<ul>
<li>Compare activities you can actually do with your current skill levels, land access and tools.</li>
<li>Consider time as well as energy: some chains of crafting take hours to complete.</li>
<li>Check whether the market has enough buyers before producing large amounts of one item.</li>
<li>Keep notes on your own results; real yields sometimes differ from estimates.</li>
</ul>
<h2>Use the tools, but think for yourself</h2>
<p>The Market Pixels tool on NexusPlay lists items with their estimated profit per energy to give you a starting point. Always double-check current prices in the game and on the official <a href="https://pixels.xyz">Pixels</a> channels, since patches can change the math overnight. The goal is to spend your energy on purpose, not out of habit.</p>
`,
  },
  {
    title: 'Mengenali penipuan di game Web3',
    description:
      'Penipuan di dunia game Web3 terus berkembang. Kenali pola yang paling sering muncul dan langkah sederhana untuk melindungi aset Anda.',
    author: 'Rina Saputra',
    date: '2026-08-30',
    content: `
<p>Semakin populer sebuah game, semakin banyak pula penipu yang mengincar pemainnya. Kabar baiknya, sebagian besar penipuan memakai pola yang sama dan bisa dikenali jika Anda tahu tanda-tandanya.</p>
<h2>Pola penipuan yang sering terjadi</h2>
<ul>
<li><b>Pesan langsung dari "admin" atau "support"</b>. Tim resmi hampir tidak pernah menghubungi pemain lebih dulu lewat DM di Discord, Telegram atau media sosial.</li>
<li><b>Airdrop atau hadiah palsu</b>. Anda diminta menghubungkan wallet ke situs tertentu untuk "klaim" token gratis, padahal situs itu meminta izin untuk memindahkan aset Anda.</li>
<li><b>Situs tiruan</b>. Alamat web dibuat sangat mirip dengan situs asli, misalnya dengan huruf yang ditukar atau domain tambahan.</li>
<li><b>Janji penghasilan pasti</b>. Tawaran "modal kecil, untung harian tetap" atau skema scholarship yang meminta setoran di muka patut dicurigai.</li>
<li><b>Jasa pemulihan aset</b>. Setelah seseorang tertipu, sering muncul pihak yang mengaku bisa mengembalikan dana dengan bayaran. Ini biasanya penipuan kedua.</li>
</ul>
<h2>Aturan emas yang tidak boleh dilanggar</h2>
<p><strong>Jangan pernah membagikan recovery phrase atau private key kepada siapa pun</strong>, termasuk orang yang mengaku dari tim game atau tim wallet. Tidak ada proses verifikasi resmi yang membutuhkannya. Siapa pun yang memegang frasa tersebut bisa menguras wallet Anda.</p>
<h2>Kebiasaan yang melindungi Anda</h2>
<ul>
<li>Simpan situs resmi game sebagai bookmark dan selalu buka dari sana, misalnya <a href="https://axieinfinity.com">axieinfinity.com</a> untuk Axie Infinity.</li>
<li>Baca setiap permintaan tanda tangan di wallet. Jika meminta izin atas <em>semua</em> NFT atau token Anda, berhenti dan periksa ulang.</li>
<li>Gunakan wallet terpisah untuk bermain, dan simpan aset bernilai di wallet lain yang jarang dihubungkan.</li>
<li>Matikan DM dari anggota server Discord yang tidak Anda kenal.</li>
<li>Jika ragu, tanyakan di kanal resmi komunitas, bukan kepada orang yang menghubungi Anda.</li>
</ul>
<h2>Jika Anda sudah terlanjur terkena</h2>
<p>Bertindaklah cepat. Pindahkan aset yang tersisa ke wallet baru yang dibuat dengan recovery phrase baru, cabut izin (approval) yang mencurigakan jika memungkinkan, lalu laporkan akun penipu ke moderator dan platform terkait. Jangan membayar siapa pun yang menjanjikan pemulihan dana.</p>
<p>Waspada bukan berarti takut. Dengan kebiasaan yang benar, Anda tetap bisa menikmati game Web3 dengan tenang.</p>
`,
  },
  {
    title: 'Mencatat pendapatan dan pengeluaran game dalam IDR dan USD',
    description:
      'Catatan keuangan yang rapi membantu Anda melihat apakah bermain game Web3 benar-benar menguntungkan. Berikut cara mencatatnya dalam rupiah dan dolar.',
    author: 'Dimas Pratama',
    date: '2026-10-05',
    content: `
<p>Banyak pemain merasa "untung" karena saldo token bertambah, tetapi lupa menghitung biaya yang sudah dikeluarkan. Pencatatan sederhana dalam <b>rupiah (IDR)</b> dan <b>dolar AS (USD)</b> memberi gambaran yang jauh lebih jujur.</p>
<h2>Kenapa perlu dua mata uang?</h2>
<p>Harga token seperti AXS dan PIXEL umumnya dikutip dalam USD, sedangkan kebutuhan sehari-hari Anda dibayar dalam rupiah. Nilai tukar USD ke IDR juga berubah setiap hari. Dengan mencatat keduanya, Anda bisa membedakan apakah perubahan hasil disebabkan oleh permainan, harga token, atau kurs.</p>
<h2>Data yang sebaiknya dicatat</h2>
<ul>
<li><b>Tanggal</b> transaksi.</li>
<li><b>Jenis</b>: pendapatan (hadiah, penjualan item) atau pengeluaran (pembelian NFT, upgrade, biaya transaksi).</li>
<li><b>Jumlah token</b> dan nama tokennya.</li>
<li><b>Harga token dalam USD</b> pada hari itu.</li>
<li><b>Kurs USD/IDR</b> yang dipakai, misalnya kurs referensi <a href="https://www.bi.go.id">Bank Indonesia</a>.</li>
<li><b>Catatan</b> singkat, misalnya "hadiah season" atau "beli bibit".</li>
</ul>
<h2>Menghitung hasil bersih</h2>
<p>Setelah data terkumpul, hitung <strong>total pendapatan dikurangi total pengeluaran</strong> untuk periode tertentu, misalnya per bulan. Lakukan dalam USD dan IDR. Jangan lupa memasukkan biaya yang sering terlewat, seperti biaya jaringan, biaya penarikan di exchange, dan selisih harga saat menjual.</p>
<h2>Konsisten lebih penting daripada sempurna</h2>
<ul>
<li>Catat segera setelah transaksi, jangan menunggu akhir bulan.</li>
<li>Gunakan satu sumber harga dan satu sumber kurs secara konsisten.</li>
<li>Simpan bukti transaksi, misalnya hash transaksi atau riwayat di exchange.</li>
</ul>
<h2>Soal pajak</h2>
<p>Aturan pajak aset kripto di Indonesia dapat berubah dari waktu ke waktu. Catatan yang rapi akan sangat membantu jika Anda perlu melaporkan penghasilan. Untuk kepastian, rujuk informasi resmi Direktorat Jenderal Pajak atau konsultasikan dengan konsultan pajak.</p>
<h2>Gunakan alat bantu</h2>
<p>Tool <i>Income Axie</i> dan <i>Income Pixels</i> di NexusPlay membantu mencatat pendapatan dan pengeluaran sekaligus mengonversinya ke USD dan IDR. Dengan begitu, Anda bisa fokus bermain sambil tetap tahu posisi keuangan Anda yang sebenarnya.</p>
`,
  },
  {
    title: 'What makes a Web3 game worth your time',
    description:
      'Not every blockchain game deserves your hours or your money. These questions help you judge a project before you commit.',
    author: 'NexusPlay Team',
    date: '2026-11-10',
    content: `
<p>New Web3 games launch every month, each promising a fresh world and a new economy. Some become long-running communities; many fade quickly. Before you invest hours or money, it is worth asking a few honest questions.</p>
<h2>Is it fun without the token?</h2>
<p>The strongest signal is simple: <strong>would you play it if there were no rewards?</strong> Games with satisfying core gameplay keep players during market downturns. Games that are only enjoyable while the token price is high tend to empty out when it falls, and rewards usually fall with them.</p>
<h2>Who is building it?</h2>
<ul>
<li>Does the team have a track record of shipping and maintaining games?</li>
<li>Are updates regular, with clear patch notes and a public roadmap?</li>
<li>Does the team communicate openly through official channels when things go wrong?</li>
</ul>
<h2>How does the economy work?</h2>
<p>Read the official documentation rather than summaries from promoters. Look for where tokens come from, what they are used for, and what removes them from circulation. An economy where rewards are created much faster than they are spent is under constant selling pressure. Also check what you need to buy before you can play meaningfully; a high entry cost means more risk if the game does not last.</p>
<h2>What is the community like?</h2>
<ul>
<li>Are conversations about strategy, events and creativity, or only about price?</li>
<li>Is there a local community, for example Indonesian-speaking guilds or groups, that can help you learn?</li>
<li>Are moderators active against scams and impersonators?</li>
</ul>
<h2>Do you really own something?</h2>
<p>Ownership is a core promise of Web3 gaming. Check which items are actually held in your wallet, whether they can be traded freely, and which parts of your progress live only on the game's servers. Knowing this helps you value items realistically.</p>
<h2>Set your own limits</h2>
<p>Decide in advance how much time and money you are comfortable spending, and treat any earnings as a bonus, not a promise. A game is worth your time when you enjoy it, understand its risks and can walk away without regret. Our games directory on NexusPlay is a good place to start comparing options, and well-known trackers such as <a href="https://www.coingecko.com">CoinGecko</a> can help you research the tokens involved.</p>
`,
  },
];

export const DEMO_TOOLS: readonly DemoTool[] = [
  {
    name: 'Income Axie',
    icon: 'coins',
    description:
      'Catat pendapatan dan pengeluaran AXS Anda dengan konversi otomatis ke USD dan IDR.',
    link: '/tools/incomeaxie',
  },
  {
    name: 'Income Pixels',
    icon: 'trending-up',
    description:
      'Pantau pendapatan dan pengeluaran PIXEL Anda, lengkap dengan konversi nilai ke USD dan IDR.',
    link: '/tools/incomepixels',
  },
  {
    name: 'Link Manager',
    icon: 'link',
    description:
      'Simpan dan kelompokkan tautan penting berdasarkan kategori agar mudah ditemukan kembali.',
    link: '/tools/link',
  },
  {
    name: 'Wallet Tracker',
    icon: 'wallet',
    description:
      'Kelola daftar alamat wallet dengan nama dan kategori sehingga setiap wallet mudah dikenali.',
    link: '/tools/wallet',
  },
  {
    name: 'Market Pixels',
    icon: 'store',
    description:
      'Jelajahi item di market Pixels dan bandingkan perkiraan profit per energi untuk tiap item.',
    link: '/tools/market',
  },
];
