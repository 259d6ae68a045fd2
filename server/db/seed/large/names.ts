/**
 * Names for generated customers. Surnames carry a weight (per mille) close to how often they
 * occur among urban Indian customers, so that a search for a common one (Sharma ~2.5 %, Singh,
 * Patel, Kumar) finds as many rows as it would in production, and a rare one only a few.
 */

// prettier-ignore
export const FIRST_NAMES = [
  'Aarav', 'Vivaan', 'Aditya', 'Arjun', 'Reyansh', 'Ishaan', 'Kabir', 'Rohan', 'Siddharth',
  'Rahul', 'Vikram', 'Karthik', 'Nikhil', 'Pranav', 'Manish', 'Suresh', 'Rajesh', 'Amit',
  'Ankit', 'Deepak', 'Gaurav', 'Harsh', 'Kunal', 'Mohit', 'Naveen', 'Prakash', 'Rakesh',
  'Sanjay', 'Sachin', 'Tarun', 'Varun', 'Vijay', 'Yash', 'Abhishek', 'Ajay', 'Anil', 'Arun',
  'Ashok', 'Dinesh', 'Ganesh', 'Hari', 'Krishna', 'Mahesh', 'Mukesh', 'Ramesh', 'Santosh',
  'Srinivas', 'Venkat', 'Farhan', 'Imran', 'Salman', 'Joseph', 'Thomas', 'Harpreet', 'Gurpreet',
  'Ananya', 'Diya', 'Priya', 'Kavya', 'Saanvi', 'Aadhya', 'Meera', 'Pooja', 'Sneha', 'Neha',
  'Lakshmi', 'Divya', 'Shruti', 'Aishwarya', 'Riya', 'Tanvi', 'Nandini', 'Anjali', 'Bhavna',
  'Deepika', 'Geeta', 'Isha', 'Jyoti', 'Kiran', 'Madhuri', 'Nisha', 'Pallavi', 'Radha', 'Rekha',
  'Sakshi', 'Shreya', 'Sunita', 'Swati', 'Uma', 'Vandana', 'Anita', 'Kavita', 'Preeti', 'Ritu',
  'Sapna', 'Fatima', 'Zoya', 'Ayesha', 'Mary', 'Deepa',
] as const;

/** [surname, weight per mille]; the weights add up to 1000. */
// prettier-ignore
export const SURNAMES: [string, number][] = [
  ['Sharma', 25], ['Singh', 40], ['Kumar', 40], ['Patel', 22], ['Verma', 15], ['Reddy', 18],
  ['Gupta', 16], ['Agarwal', 12], ['Jain', 12], ['Shah', 14], ['Mehta', 10], ['Joshi', 12],
  ['Iyer', 12], ['Iyengar', 5], ['Nair', 14], ['Menon', 8], ['Pillai', 8], ['Rao', 18],
  ['Naidu', 8], ['Kulkarni', 10], ['Deshpande', 7], ['Patil', 14], ['Pawar', 7], ['Jadhav', 8],
  ['Shinde', 6], ['Chopra', 7], ['Malhotra', 7], ['Kapoor', 8], ['Khanna', 6], ['Arora', 8],
  ['Bhatia', 6], ['Sethi', 4], ['Gill', 6], ['Sandhu', 5], ['Dhillon', 4], ['Kaur', 10],
  ['Bose', 6], ['Banerjee', 9], ['Chatterjee', 8], ['Mukherjee', 9], ['Das', 14], ['Ghosh', 9],
  ['Dutta', 6], ['Sen', 5], ['Roy', 8], ['Saha', 5], ['Gowda', 10], ['Hegde', 6], ['Shetty', 8],
  ['Kamath', 4], ['Bhat', 6], ['Krishnan', 8], ['Subramanian', 7], ['Murthy', 6],
  ['Venkatesh', 5], ['Khan', 18], ['Qureshi', 5], ['Ansari', 6], ['Sheikh', 6], ['Syed', 6],
  ["D'Souza", 5], ['Fernandes', 5], ['Pereira', 3], ['Thomas', 5], ['Mishra', 14],
  ['Yadav', 16], ['Pandey', 12], ['Tiwari', 10], ['Dubey', 8], ['Saxena', 7], ['Srivastava', 9],
  ['Sinha', 8], ['Chaudhary', 10], ['Thakur', 8], ['Chauhan', 8], ['Rathore', 5], ['Goyal', 7],
  ['Bansal', 7], ['Mittal', 6], ['Garg', 7], ['Naik', 6], ['Nayak', 5], ['Mohanty', 4],
  ['Goswami', 4], ['Bhattacharya', 6], ['Mondal', 5], ['Choudhury', 5], ['Ahmed', 8],
  ['Hussain', 6], ['Mathew', 4], ['Varghese', 4], ['Kurian', 3], ['Rajan', 5], ['Prasad', 10],
  ['Sahu', 6], ['Tripathi', 6], ['Dixit', 5], ['Bajaj', 4], ['Ahuja', 4], ['Grover', 4],
  ['Trivedi', 5], ['Desai', 9], ['Parikh', 4], ['Chandra', 8], ['Lal', 8], ['Ali', 11],
  ['Pal', 6], ['Rawat', 5], ['Negi', 4], ['Bisht', 4], ['Joseph', 4], ['Chakraborty', 7],
  ['Sarkar', 7], ['Biswas', 6], ['Paul', 5], ['Shukla', 8], ['Awasthi', 3], ['Bhardwaj', 5],
  ['Kohli', 4], ['Sood', 3], ['Walia', 3], ['Menezes', 2], ['Pinto', 3],
];

/** The surnames laid out in 1000 slots by weight: slot = floor(u * 1000). */
export function surnameSlots(): string[] {
  const slots = SURNAMES.flatMap(([name, weight]) => Array<string>(weight).fill(name));
  if (slots.length !== 1000) throw new Error(`surname weights add up to ${slots.length}, not 1000`);
  return slots;
}

/** The part of a name that goes into an e-mail address or a user name. */
export const handleOf = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');

// prettier-ignore
export const EMAIL_DOMAINS = [
  'gmail.com', 'gmail.com', 'gmail.com', 'gmail.com', 'yahoo.co.in', 'yahoo.com', 'outlook.com',
  'rediffmail.com', 'hotmail.com', 'icloud.com',
] as const;
